import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { accounts } from "@/db/schema";
import { listCustomFieldDefinitions } from "@/lib/custom-fields/custom-field-definitions";
import type { ImportMapping } from "@/lib/schemas/lead-imports";
import { getLeadImportContent } from "./lead-import-service";
import { leadOfRow, rowReaderOf, type ImportedLead } from "./lead-of-row";
import { parseCsv } from "./parse-csv";

export interface PreviewRow {
  rowNumber: number;
  cells: string[];
  /** What the row would send as a lead (normalised), when it has no problem. */
  lead?: ImportedLead;
  problems: string[];
}

const PREVIEW_ROWS = 20;

/** The first rows as the job will read them with this mapping, each with its validation errors. */
export async function previewLeadImport(accountId: string, id: string, mapping: ImportMapping): Promise<PreviewRow[]> {
  const imp = await getLeadImportContent(accountId, id);
  const db = await getDb();
  const [[account], definitions] = await Promise.all([
    db.select({ defaultCountry: accounts.defaultCountry }).from(accounts).where(eq(accounts.id, accountId)),
    listCustomFieldDefinitions(accountId, "lead"),
  ]);
  const reader = rowReaderOf(mapping, definitions);
  // The first rows only: parsing stops there (a 20 MB file is not read whole for a preview).
  const { rows } = parseCsv(imp.content, imp.delimiter, PREVIEW_ROWS);
  const context = { accountId, defaultCountry: account.defaultCountry };
  return Promise.all(
    rows.map(async (cells, i) => ({ rowNumber: i + 2, cells, ...(await leadOfRow(db, context, reader, cells)) })),
  );
}
