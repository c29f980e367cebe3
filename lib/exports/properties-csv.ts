import { getDb } from "@/db/client";
import { recordAudit, type AuditActor } from "@/lib/audit/record-audit";
import { listCustomFieldDefinitions } from "@/lib/custom-fields/custom-field-definitions";
import { listPropertyRows } from "@/lib/properties/list-properties";
import { toPublicProperty } from "@/lib/properties/public-property";
import type { Cell } from "./csv-cells";
import { csvChunks, EXPORT_PAGE_SIZE, keysetPages } from "./csv-chunks";
import { propertyCsvColumns } from "./property-csv-columns";
import type { PropertyExportFilters } from "./list-export-filters";

// The properties list as CSV (Properties → Export CSV): every field of the property's public
// shape, the address in its five parts, and one column per custom field of the account's
// property definitions; the columns come from the field registry (property-csv-columns.ts). Rows
// come from the list's own query (listPropertyRows).

/** The file's name and its text, chunk by chunk; the audit log records who exported what. */
export async function propertiesCsv(
  accountId: string,
  filters: PropertyExportFilters,
  audit: AuditActor,
): Promise<{ chunks: AsyncGenerator<string> }> {
  const definitions = await listCustomFieldDefinitions(accountId, "property");
  const pages = await keysetPages((cursor) =>
    listPropertyRows(accountId, { ...filters, limit: EXPORT_PAGE_SIZE, sort: "-createdAt", cursor }),
  );
  await recordAudit(await getDb(), accountId, audit, {
    action: "properties.exported",
    changes: { filters: [null, filters] },
  });
  const columns = propertyCsvColumns(definitions);
  async function* records(): AsyncGenerator<Cell[][]> {
    for await (const page of pages) {
      yield page.map((row) => {
        const property = toPublicProperty(row);
        return columns.map((column) => column.cell(property));
      });
    }
  }
  const header = columns.map((column) => column.header);
  return { chunks: csvChunks(header, records()) };
}
