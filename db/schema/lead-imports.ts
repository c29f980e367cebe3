import { index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { createdAt, nullableTimestamp, updatedAt } from "./columns";
import { users } from "./users";

// A CSV of leads uploaded at Leads → Import, and the background job's progress through it. The
// decoded file is stored here, so a worker process on another machine can read it; the job
// commits each chunk of rows together with `processedRows`, its checkpoint.
export const leadImports = pgTable(
  "lead_imports",
  {
    id: text().primaryKey(),
    accountId: text()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    // Who uploaded it: the timeline names them for every lead the import writes.
    createdBy: text().references(() => users.id, { onDelete: "set null" }),
    createdByName: text().notNull(),
    fileName: text().notNull(),
    byteSize: integer().notNull(),
    // "utf-8" or "windows-1252" (text that was not valid UTF-8), as detected at upload.
    encoding: text().notNull(),
    delimiter: text().notNull(),
    // The file as text, decoded; parsed again by the job (csv-parse is fast, the rows are not kept
    // twice). Emptied when the import ends: the failed rows keep their own cells.
    content: text().notNull(),
    headers: text().array().notNull(),
    totalRows: integer().notNull(),
    // uploaded → queued (started: lead-import-service.ts) → running → completed | failed (run-lead-import.ts).
    status: text().notNull(),
    // Column index → lead field, custom field or ignore; set when the import is started.
    mapping: jsonb().$type<Record<string, string>>(),
    // What a row matching a live lead does: skip, merge or create.
    onMatch: text(),
    processedRows: integer().notNull().default(0),
    createdCount: integer().notNull().default(0),
    mergedCount: integer().notNull().default(0),
    skippedCount: integer().notNull().default(0),
    failedCount: integer().notNull().default(0),
    // Why the whole import failed (not a row's reason: those are in lead_import_failures).
    error: text(),
    startedAt: nullableTimestamp(),
    finishedAt: nullableTimestamp(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The account's imports list, newest first.
    index("lead_imports_account_created_idx").on(t.accountId, t.createdAt),
  ],
);

export type LeadImport = typeof leadImports.$inferSelect;
