import { integer, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { leadImports } from "./lead-imports";

// The rows an import could not write, with why: the report's "failed rows" CSV. One row per
// (import, row number), so a chunk run twice records its failures once.
export const leadImportFailures = pgTable(
  "lead_import_failures",
  {
    importId: text()
      .notNull()
      .references(() => leadImports.id, { onDelete: "cascade" }),
    accountId: text()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    // The row's line in the file as a spreadsheet numbers it (the header is row 1).
    rowNumber: integer().notNull(),
    // The row's cells as they were in the file.
    cells: jsonb().$type<string[]>().notNull(),
    reason: text().notNull(),
  },
  // The failed rows CSV reads them in file order.
  (t) => [primaryKey({ columns: [t.importId, t.rowNumber] })],
);
