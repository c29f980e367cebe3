import { and, eq, inArray } from "drizzle-orm";
import { getDb } from "@/db/client";
import { properties, type Lead } from "@/db/schema";
import { recordAudit, type AuditActor } from "@/lib/audit/record-audit";
import { listCustomFieldDefinitions } from "@/lib/custom-fields/custom-field-definitions";
import { listLeadRows } from "@/lib/leads/list-leads";
import { toPublicLead } from "@/lib/leads/public-lead";
import { listMembers } from "@/lib/users/list-members";
import type { Cell } from "./csv-cells";
import { csvChunks, EXPORT_PAGE_SIZE, keysetPages } from "./csv-chunks";
import { leadCsvColumns } from "./lead-csv-columns";
import type { LeadExportQuery } from "./list-export-filters";

// The leads list as CSV (Leads → Export CSV): every field of the lead's public shape, plus the
// names a spreadsheet reader needs (the assignee's, the property's title) and one column per
// custom field of the account's lead definitions; the columns come from the field registry
// (lead-csv-columns.ts). Rows come from the list's own query
// (listLeadRows: account-scoped, live leads, the same filters), in the list's order: the sort
// the agent chose (time or name, either way) pages through the same keyset as the screen.

/** The titles of the properties a page of leads points at (one indexed read per page). */
async function propertyTitles(accountId: string, page: Lead[]): Promise<Map<string, string>> {
  const ids = [...new Set(page.flatMap((lead) => (lead.propertyId ? [lead.propertyId] : [])))];
  if (!ids.length) return new Map();
  const db = await getDb();
  const rows = await db
    .select({ id: properties.id, title: properties.title })
    .from(properties)
    .where(and(eq(properties.accountId, accountId), inArray(properties.id, ids)));
  return new Map(rows.map((row) => [row.id, row.title]));
}

/** The file's name and its text, chunk by chunk; the audit log records who exported what. */
export async function leadsCsv(
  accountId: string,
  { filters, sort }: LeadExportQuery,
  audit: AuditActor,
): Promise<{ chunks: AsyncGenerator<string> }> {
  const [definitions, members] = await Promise.all([
    listCustomFieldDefinitions(accountId, "lead"),
    listMembers(accountId),
  ]);
  const memberNames = new Map(members.map((m) => [m.userId, m.name]));
  const pages = await keysetPages((cursor) =>
    listLeadRows(accountId, { ...filters, limit: EXPORT_PAGE_SIZE, sort, cursor }),
  );
  await recordAudit(await getDb(), accountId, audit, {
    action: "leads.exported",
    changes: { filters: [null, filters] },
  });
  const columns = leadCsvColumns(definitions);
  async function* records(): AsyncGenerator<Cell[][]> {
    for await (const page of pages) {
      const names = { members: memberNames, properties: await propertyTitles(accountId, page) };
      yield page.map((row) => {
        const lead = toPublicLead(row);
        return columns.map((column) => column.cell(lead, names));
      });
    }
  }
  const header = columns.map((column) => column.header);
  return { chunks: csvChunks(header, records()) };
}
