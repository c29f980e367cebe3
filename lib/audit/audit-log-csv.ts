import { stringify } from "csv-stringify/sync";
import { CSV_OPTIONS } from "@/lib/exports/csv-options";
import { AUDIT_ACTIONS } from "./audit-actions";
import { listAuditEntries, type AuditEntryView, type AuditLogFilters } from "./list-audit-entries";

// The audit log as CSV, one page of entries at a time, so exporting a year of them never holds
// more than a page in memory. csv-stringify does the quoting (commas, quotes, newlines in a
// label or a user agent), and the formula guard of every export (lib/exports/csv-options.ts)
// prefixes a ' to a cell a spreadsheet could run (a key named "=HYPERLINK(…)" stays text).

const PAGE_SIZE = 500;

const COLUMNS = [
  "occurred_at",
  "actor_type",
  "actor_id",
  "actor",
  "action",
  "action_label",
  "target_type",
  "target_id",
  "target",
  "changes",
  "ip",
  "user_agent",
];

// Changes stay JSON: a spreadsheet or a script reads them back exactly.
const toRow = (entry: AuditEntryView) => [
  entry.occurredAt.toISOString(),
  entry.actorType,
  entry.actorId,
  entry.actorLabel,
  entry.action,
  AUDIT_ACTIONS[entry.action] ?? entry.action,
  entry.targetType,
  entry.targetId,
  entry.targetLabel,
  JSON.stringify(entry.changes),
  entry.ip,
  entry.userAgent,
];

/** The header, then each page of the filtered entries (newest first) as CSV text. */
export async function* auditLogCsv(accountId: string, filters: AuditLogFilters): AsyncGenerator<string> {
  yield stringify([COLUMNS], CSV_OPTIONS);
  let cursor: string | undefined;
  do {
    const page = await listAuditEntries(accountId, { ...filters, limit: PAGE_SIZE, cursor });
    if (page.data.length) yield stringify(page.data.map(toRow), CSV_OPTIONS);
    cursor = page.meta.hasMore && page.meta.cursor ? page.meta.cursor : undefined;
  } while (cursor);
}
