import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { accounts } from "@/db/schema";
import type { IntakeMatch } from "@/lib/activities/record-activity";
import { listCustomFieldDefinitions } from "@/lib/custom-fields/custom-field-definitions";
import type { ImportMapping } from "@/lib/schemas/lead-imports";
import { getLeadImportContent } from "./lead-import-service";
import { leadOfRow, rowReaderOf, type ImportedLead } from "./lead-of-row";
import { liveLeadIndex } from "./live-lead-index";
import { parseCsv } from "./parse-csv";

export interface PreviewRow {
  rowNumber: number;
  cells: string[];
  /** What the row would send as a lead (normalised), when it has no problem. */
  lead?: ImportedLead;
  problems: string[];
  /** The live lead it matches (skip, merge or create anyway applies), or an earlier row of the
   * file it duplicates, and by which key. */
  match?: { leadId?: string; rowNumber?: number; by: IntakeMatch };
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
  const preview: PreviewRow[] = await Promise.all(
    rows.map(async (cells, i) => ({ rowNumber: i + 2, cells, ...(await leadOfRow(db, context, reader, cells)) })),
  );
  const index = await liveLeadIndex(
    db,
    accountId,
    preview.flatMap((row) => (row.lead ? [row.lead] : [])),
  );
  for (const row of preview) {
    if (!row.lead) continue;
    const found = index.find(row.lead);
    if (!found) index.add(row.lead, { pending: row.rowNumber });
    else
      row.match = {
        ...("id" in found.target ? { leadId: found.target.id } : { rowNumber: found.target.pending }),
        by: found.by,
      };
  }
  return preview;
}
