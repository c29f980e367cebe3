import { and, asc, eq, gt } from "drizzle-orm";
import { stringify } from "csv-stringify/sync";
import { getDb } from "@/db/client";
import { leadImportFailures } from "@/db/schema";
import { CSV_OPTIONS } from "@/lib/exports/csv-options";
import { getLeadImportOrThrow } from "./lead-import-service";

// The report's download: the rows the import could not write, as they were in the file, with
// the row number and the reason, so they can be fixed and imported again. Streamed a page at a
// time, written as every export is (lib/exports/csv-options.ts: a cell a spreadsheet could run
// gets a leading ').

const PAGE = 1_000;

const csvLines = (records: string[][]) => stringify(records, CSV_OPTIONS);

/** The file's name and its text, chunk by chunk. Throws not_found for another account's import. */
export async function failedRowsCsv(
  accountId: string,
  importId: string,
): Promise<{ fileName: string; chunks: AsyncGenerator<string> }> {
  const imp = await getLeadImportOrThrow(accountId, importId);
  const db = await getDb();
  async function* chunks() {
    // A byte-order mark, so Excel reads the file as UTF-8.
    yield `\uFEFF${csvLines([["Row", ...imp.headers, "Reason"]])}`;
    let after = 0;
    for (;;) {
      const page = await db
        .select({
          rowNumber: leadImportFailures.rowNumber,
          cells: leadImportFailures.cells,
          reason: leadImportFailures.reason,
        })
        .from(leadImportFailures)
        .where(
          and(
            eq(leadImportFailures.accountId, accountId),
            eq(leadImportFailures.importId, importId),
            gt(leadImportFailures.rowNumber, after),
          ),
        )
        .orderBy(asc(leadImportFailures.rowNumber))
        .limit(PAGE);
      if (!page.length) return;
      yield csvLines(page.map((f) => [String(f.rowNumber), ...imp.headers.map((_, i) => f.cells[i] ?? ""), f.reason]));
      after = page[page.length - 1].rowNumber;
    }
  }
  const base = imp.fileName.replace(/\.[^.]*$/, "").replace(/[^\w.-]+/g, "-") || "import";
  return { fileName: `${base}-failed-rows.csv`, chunks: chunks() };
}
