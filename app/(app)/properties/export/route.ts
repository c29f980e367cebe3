import { userAuditActor } from "@/lib/audit/audit-actors";
import { requestClient } from "@/lib/audit/request-client";
import { requireMember } from "@/lib/auth/get-current-member";
import { withCustomFieldFilterError } from "@/lib/custom-fields/custom-field-list-filter";
import { csvDownload, datedFileName } from "@/app/(app)/_shared/csv-download";
import { propertyExportFilters } from "@/lib/exports/list-export-filters";
import { propertiesCsv } from "@/lib/exports/properties-csv";

export const dynamic = "force-dynamic";

// GET /properties/export – the properties the list's filters select, as CSV (owners and staff).
// Streamed a page of 1,000 properties at a time; never built in memory.
export async function GET(request: Request): Promise<Response> {
  // The pages' guard: signed out → sign-in.
  const member = await requireMember();
  const csv = await withCustomFieldFilterError(
    propertiesCsv(
      member.accountId,
      propertyExportFilters(new URL(request.url).searchParams),
      userAuditActor(member, requestClient(request.headers)),
    ),
  );
  if ("filterError" in csv)
    return new Response(`This custom field filter cannot be applied: ${csv.filterError}\n`, { status: 400 });
  return csvDownload(datedFileName("properties", member.timeZone), csv.chunks);
}
