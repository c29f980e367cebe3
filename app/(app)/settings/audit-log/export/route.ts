import { auditLogCsv } from "@/lib/audit/audit-log-csv";
import { parseAuditLogFilters } from "@/lib/audit/audit-log-filters";
import { getCurrentMember } from "@/lib/auth/get-current-member";
import { csvDownload, datedFileName } from "@/app/(app)/_shared/csv-download";

export const dynamic = "force-dynamic";

// GET /settings/audit-log/export – the filtered audit log as CSV (owners only). The body is
// streamed a page of entries at a time, pulled as the client reads, so a year of entries is
// never held in memory.
export async function GET(request: Request): Promise<Response> {
  const member = await getCurrentMember();
  if (!member) return new Response("Sign in to export the audit log.\n", { status: 401 });
  if (member.role !== "owner") return new Response("Only account owners can export the audit log.\n", { status: 403 });
  const { filters } = parseAuditLogFilters(Object.fromEntries(new URL(request.url).searchParams), member.timeZone);
  return csvDownload(datedFileName("audit-log", member.timeZone), auditLogCsv(member.accountId, filters));
}
