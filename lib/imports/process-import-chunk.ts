import { and, eq, isNull, sql } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { leadImportFailures, leadImports, leads } from "@/db/schema";
import type { Actor } from "@/lib/activities/record-activity";
import { fillEmptyFields } from "@/lib/leads/intake-lead";
import { insertNewLeads } from "@/lib/leads/insert-new-leads";
import { lockMatchKeys } from "@/lib/leads/match-key-locks";
import type { LeadAccountContext } from "@/lib/leads/prepare-lead-fields";
import type { ImportOnMatch } from "@/lib/schemas/lead-imports";
import { definitionsForWrite } from "@/lib/custom-fields/definitions-for-write";
import { liveLeadIndex, type Target } from "./live-lead-index";
import { leadOfRow, requiredCustomFieldProblems, type ImportedLead, type RowReader } from "./lead-of-row";

// One chunk of an import, in the caller's transaction: the rows after the checkpoint are read,
// matched, written as the lead services write them (each created lead its lead_created activity
// and lead.created event, by the one writer of new leads, lib/leads/insert-new-leads.ts, in one
// statement for the chunk; each merge intake's own fillEmptyFields, its
// lead_updated activity and lead.updated event), and the checkpoint and counts move on, all in
// one commit. A worker killed mid-chunk leaves nothing
// of it; the next run starts at the same row. Two runs of one job (pg-boss at-least-once) take
// the import's row lock in turn, and the second starts where the first stopped.

/** Rows per transaction: large enough to pipeline the inserts, small enough that a chunk's match
 * locks (up to three advisory locks a row) stay well inside PostgreSQL's lock table. */
const IMPORT_CHUNK_ROWS = 250;

export interface ImportRun {
  importId: string;
  account: LeadAccountContext;
  actor: Actor;
  onMatch: ImportOnMatch;
  reader: RowReader;
  rows: string[][];
}

interface Counts {
  created: number;
  merged: number;
  skipped: number;
  failed: number;
}

type Failure = { rowNumber: number; cells: string[]; reason: string };

/** The data row at `index` is the file's row index + 2: the header is row 1. */
const rowNumberOf = (index: number) => index + 2;

/** Processes the next chunk; answers the rows processed so far, or null when nothing was left. */
export async function processNextChunk(tx: Tx, run: ImportRun): Promise<number | null> {
  const { accountId } = run.account;
  const [state] = await tx
    .select({ processedRows: leadImports.processedRows, status: leadImports.status })
    .from(leadImports)
    .where(and(eq(leadImports.id, run.importId), eq(leadImports.accountId, accountId)))
    .for("update");
  if (!state || state.status !== "running" || state.processedRows >= run.rows.length) return null;
  const start = state.processedRows;
  const slice = run.rows.slice(start, start + IMPORT_CHUNK_ROWS);

  // The custom field definitions, locked until this chunk commits (as POST /leads locks them):
  // a definition deleted meanwhile waits, and no lead keeps a value it no longer allows.
  const reader = { ...run.reader, rules: await definitionsForWrite(tx, accountId, "lead", { lock: true }) };
  const mode = run.onMatch === "merge" ? "fill" : "create";
  const failures: Failure[] = [];
  const valid: { rowNumber: number; cells: string[]; lead: ImportedLead }[] = [];
  for (const [i, cells] of slice.entries()) {
    const rowNumber = rowNumberOf(start + i);
    const outcome = await leadOfRow(tx, run.account, reader, cells, mode);
    if (outcome.lead) valid.push({ rowNumber, cells, lead: outcome.lead });
    else failures.push({ rowNumber, cells, reason: outcome.problems.join("; ") });
  }

  // Intake takes the same locks: an inquiry for one of these people waits for this chunk.
  await lockMatchKeys(
    tx,
    accountId,
    valid.flatMap(({ lead }) => [
      lead.externalId && `externalId:${lead.externalId}`,
      lead.email && `email:${lead.email}`,
      lead.phone && `phone:${lead.phone}`,
    ]),
  );
  const index = await liveLeadIndex(
    tx,
    accountId,
    valid.map((v) => v.lead),
  );

  const counts: Counts = { created: 0, merged: 0, skipped: 0, failed: 0 };
  const creates: ImportedLead[] = [];
  const merges: { target: Target; lead: ImportedLead; rowNumber: number; cells: string[] }[] = [];
  for (const { rowNumber, cells, lead } of valid) {
    const target = index.find(lead)?.target;
    if (run.onMatch === "create" && lead.externalId && index.byExternalId.has(lead.externalId)) {
      // The API answers 409 external_id_taken: an external id names one live lead.
      failures.push({
        rowNumber,
        cells,
        reason: `External id: already used by ${describe(index.byExternalId.get(lead.externalId)!)}`,
      });
    } else if (target && run.onMatch === "skip") {
      counts.skipped++;
    } else if (target && run.onMatch === "merge") {
      merges.push({ target, lead, rowNumber, cells });
    } else if (mode === "fill" && requiredCustomFieldProblems(reader, lead).length) {
      failures.push({ rowNumber, cells, reason: requiredCustomFieldProblems(reader, lead).join("; ") });
    } else {
      index.add(lead, { pending: creates.length });
      creates.push(lead);
    }
  }

  // Routed as every new lead is, without an email a lead (insert-new-leads.ts says why).
  const created = (await insertNewLeads(tx, accountId, creates, run.actor, { announce: false })).map((lead) => lead.id);
  counts.created = created.length;
  const idOf = (target: Target) => ("id" in target ? target.id : created[target.pending]);

  // Merges into one lead run in file order; merges into different leads run side by side.
  const byLead = new Map<string, typeof merges>();
  for (const merge of merges) byLead.set(idOf(merge.target), [...(byLead.get(idOf(merge.target)) ?? []), merge]);
  await Promise.all(
    [...byLead].map(async ([leadId, group]) => {
      for (const merge of group) {
        const [before] = await tx
          .select()
          .from(leads)
          .where(and(eq(leads.id, leadId), eq(leads.accountId, accountId), isNull(leads.deletedAt)))
          .for("update");
        if (!before) {
          failures.push({ ...merge, reason: "The matching lead was deleted during the import" });
          continue;
        }
        await fillEmptyFields(tx, accountId, before, merge.lead, run.actor);
        counts.merged++;
      }
    }),
  );

  counts.failed = failures.length;
  if (failures.length) {
    await tx
      .insert(leadImportFailures)
      .values(failures.map((f) => ({ importId: run.importId, accountId, ...f })))
      .onConflictDoNothing();
  }
  const processed = start + slice.length;
  await tx
    .update(leadImports)
    .set({
      processedRows: processed,
      createdCount: sql`${leadImports.createdCount} + ${counts.created}`,
      mergedCount: sql`${leadImports.mergedCount} + ${counts.merged}`,
      skippedCount: sql`${leadImports.skippedCount} + ${counts.skipped}`,
      failedCount: sql`${leadImports.failedCount} + ${counts.failed}`,
    })
    .where(eq(leadImports.id, run.importId));
  return processed;
}

const describe = (target: Target) => ("id" in target ? `lead ${target.id}` : "an earlier row of this file");
