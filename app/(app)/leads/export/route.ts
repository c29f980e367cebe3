import { userAuditActor } from "@/lib/audit/audit-actors";
import { requestClient } from "@/lib/audit/request-client";
import { requireMember } from "@/lib/auth/get-current-member";
import { withCustomFieldFilterError } from "@/lib/custom-fields/custom-field-list-filter";
import { csvDownload, datedFileName } from "@/app/(app)/_shared/csv-download";
import { leadsCsv } from "@/lib/exports/leads-csv";
import { leadExportQuery } from "@/lib/exports/list-export-filters";

export const dynamic = "force-dynamic";

// GET /leads/export – the leads the list's filters select, in the list's sort, as CSV (owners
// and staff: what the list shows them). Streamed a page of 1,000 leads at a time; never built in memory.
export async function GET(request: Request): Promise<Response> {
  // The pages' guard: signed out → sign-in.
  const member = await requireMember();
  const csv = await withCustomFieldFilterError(
    leadsCsv(
      member.accountId,
      leadExportQuery(new URL(request.url).searchParams, member),
      userAuditActor(member, requestClient(request.headers)),
    ),
  );
  if ("filterError" in csv)
    return new Response(`This custom field filter cannot be applied: ${csv.filterError}\n`, { status: 400 });
  return csvDownload(datedFileName("leads", member.timeZone), csv.chunks);
}
