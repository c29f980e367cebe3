import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { accounts, leadImports } from "@/db/schema";
import type { Actor } from "@/lib/activities/record-activity";
import { listCustomFieldDefinitions } from "@/lib/custom-fields/custom-field-definitions";
import { logger } from "@/lib/log/logger";
import { inTransaction } from "@/lib/query/after-commit";
import { importMappingSchema, importOnMatchSchema } from "@/lib/schemas/lead-imports";
import { rowReaderOf } from "./lead-of-row";
import { parseCsv } from "./parse-csv";
import { processNextChunk } from "./process-import-chunk";
import { describeError } from "@/lib/log/describe-error";

// The import-leads job: parses the stored file again and processes it chunk by chunk from its
// checkpoint (process-import-chunk.ts) until no row is left, then marks the import completed.
// Safe to run twice, or again after a crash: every chunk starts from the committed checkpoint.

/** Log a progress line every this many rows. */
const LOG_EVERY_ROWS = 10_000;

/** SQLSTATE classes of errors in the data (22 data exception, 23 integrity violation), found
 * under Drizzle's wrapper: running the chunk again would meet them again. */
function isDataError(error: unknown): boolean {
  let e = error as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === "string" && /^2[23]/.test(e.code)) return true;
  }
  return false;
}

export async function runLeadImport(importId: string): Promise<void> {
  const db = await getDb();
  const [found] = await db
    .select({ leadImport: leadImports, defaultCountry: accounts.defaultCountry })
    .from(leadImports)
    .innerJoin(accounts, eq(accounts.id, leadImports.accountId))
    .where(eq(leadImports.id, importId));
  if (!found || !["queued", "running"].includes(found.leadImport.status)) return;
  const { leadImport: imp, defaultCountry } = found;
  if (imp.status === "queued") {
    await db
      .update(leadImports)
      .set({ status: "running", startedAt: new Date() })
      .where(and(eq(leadImports.id, importId), eq(leadImports.status, "queued")));
  }
  const started = Date.now();
  const actor: Actor = imp.createdBy
    ? { type: "user", id: imp.createdBy, name: imp.createdByName }
    : { type: "system", id: null, name: imp.createdByName };
  const definitions = await listCustomFieldDefinitions(imp.accountId, "lead");
  const run = {
    importId,
    account: { accountId: imp.accountId, defaultCountry },
    actor,
    onMatch: importOnMatchSchema.parse(imp.onMatch),
    reader: rowReaderOf(importMappingSchema.parse(imp.mapping), definitions),
    rows: parseCsv(imp.content, imp.delimiter).rows,
  };
  let logged = imp.processedRows;
  try {
    for (;;) {
      const processed = await inTransaction(db, (tx) => processNextChunk(tx, run));
      if (processed === null) break;
      if (processed - logged >= LOG_EVERY_ROWS) {
        logger.info("lead import progress", { importId, processed, total: run.rows.length });
        logged = processed;
      }
    }
  } catch (error) {
    // The database away, or the worker stopping: thrown, and pg-boss runs the job again from the
    // checkpoint. An error in the data itself would fail the same chunk every time: the import
    // stops there, and the report says so (the message stays in the log: it may hold SQL).
    if (!isDataError(error)) throw error;
    const [state] = await db
      .update(leadImports)
      .set({
        status: "failed",
        content: "",
        finishedAt: new Date(),
        error:
          "The import stopped after an unexpected error. The rows before it were imported; import the rest again (with “Skip”, rows already imported are not duplicated).",
      })
      .where(and(eq(leadImports.id, importId), eq(leadImports.status, "running")))
      .returning({ processedRows: leadImports.processedRows });
    logger.error("lead import failed", { importId, at: state?.processedRows, error: describeError(error) });
    return;
  }
  const [done] = await db
    .update(leadImports)
    // The file is not needed any more (the failed rows keep their cells): up to 20 MB freed.
    .set({ status: "completed", finishedAt: new Date(), content: "" })
    .where(and(eq(leadImports.id, importId), eq(leadImports.status, "running")))
    .returning();
  if (done) {
    logger.info("lead import completed", {
      importId,
      rows: done.totalRows,
      created: done.createdCount,
      merged: done.mergedCount,
      skipped: done.skippedCount,
      failed: done.failedCount,
      ms: Date.now() - started,
    });
  }
}
