import { and, eq, lt, sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { getDbHandle } from "@/db/client";
import {
  auditLogEntries,
  events,
  IDEMPOTENCY_KEY_TTL_MS,
  idempotencyKeys,
  leadImports,
  mailOutbox,
  passwordResetRequests,
  passwordResetTokens,
  requestLogs,
  webhookDeliveries,
} from "@/db/schema";
import { logger } from "@/lib/log/logger";
import { describeError } from "@/lib/log/describe-error";
import { EVENT_RETENTION_MS } from "@/lib/events/event-retention";
import { deleteInBatches, expiryBatchSize } from "./delete-in-batches";
import { withFleetLock } from "./with-fleet-lock";

const DAY_MS = 24 * 60 * 60 * 1000;
const THIRTY_DAYS_MS = 30 * DAY_MS;
const EVERY_MS = 60 * 60 * 1000;

/** Held (a session advisory lock) by the one process of the fleet running a pass. */
const HOUSEKEEPING_LOCK_ID = 727003;
/** A pass stops starting batches after this long; the rest waits for the next hour. */
const PASS_BUDGET_MS = 10 * 60 * 1000;

/** What each table keeps. Idempotency records live 24 hours; request log entries, events and
 * webhook deliveries 30 days; audit log entries a year. Password reset requests (the throttle's
 * count) and reset tokens go a day after they stop mattering; the local outbox keeps 30 days of
 * mail; a lead import uploaded and never started, a week. */
function expiryRules(now: number): { table: PgTable; expired: SQL }[] {
  const before = (ms: number) => new Date(now - ms);
  return [
    { table: idempotencyKeys, expired: lt(idempotencyKeys.createdAt, before(IDEMPOTENCY_KEY_TTL_MS)) },
    { table: requestLogs, expired: lt(requestLogs.createdAt, before(THIRTY_DAYS_MS)) },
    { table: events, expired: lt(events.createdAt, before(EVENT_RETENTION_MS)) },
    { table: webhookDeliveries, expired: lt(webhookDeliveries.createdAt, before(THIRTY_DAYS_MS)) },
    { table: passwordResetRequests, expired: lt(passwordResetRequests.createdAt, before(DAY_MS)) },
    { table: passwordResetTokens, expired: lt(passwordResetTokens.expiresAt, before(DAY_MS)) },
    { table: mailOutbox, expired: lt(mailOutbox.createdAt, before(THIRTY_DAYS_MS)) },
    // A CSV uploaded at Leads → Import and never started (its file is up to 20 MB) goes after a week.
    {
      table: leadImports,
      expired: and(eq(leadImports.status, "uploaded"), lt(leadImports.createdAt, before(7 * DAY_MS)))!,
    },
    // The only delete of audit entries in the app. The cut-off is the database's own
    // `now() - interval '1 year'`, the very test of the append-only trigger (migration 0006): a
    // cut-off from this process's clock, a little ahead of the database's, would ask to delete an
    // entry the trigger refuses, and the whole statement would fail.
    { table: auditLogEntries, expired: lt(auditLogEntries.occurredAt, sql`now() - interval '1 year'`) },
  ];
}

/**
 * One housekeeping pass: every expired row goes, in batches of EXPIRY_BATCH_SIZE, each its own
 * short transaction (lib/housekeeping/delete-in-batches.ts says why), by one process of the
 * fleet at a time. By default it waits for another process's pass to end, then runs its own;
 * `"skip"` answers false at once instead (the hourly schedule of every process).
 */
export async function expireOldRecords(whenHeld: "skip" | "wait" = "wait"): Promise<boolean> {
  const handle = await getDbHandle();
  const batchSize = expiryBatchSize();
  return withFleetLock(handle, HOUSEKEEPING_LOCK_ID, whenHeld, async () => {
    const started = Date.now();
    const deadline = started + PASS_BUDGET_MS;
    let rows = 0;
    let batches = 0;
    for (const { table, expired } of expiryRules(started)) {
      const done = await deleteInBatches(handle.db, table, expired, batchSize, deadline);
      rows += done.rows;
      batches += done.batches;
      if (Date.now() >= deadline) break;
    }
    logger.info("housekeeping pass", { rows, batches, ms: Date.now() - started });
  });
}

const globalForHousekeeping = globalThis as unknown as { __lpmHousekeeping?: NodeJS.Timeout };

/** Hourly, in each server process; the fleet lock lets one of them run a pass at a time. */
export function scheduleHousekeeping(): void {
  if (globalForHousekeeping.__lpmHousekeeping) return;
  const run = () =>
    expireOldRecords("skip").catch((error) => logger.warn("housekeeping failed", { error: describeError(error) }));
  globalForHousekeeping.__lpmHousekeeping = setInterval(run, EVERY_MS);
  globalForHousekeeping.__lpmHousekeeping.unref();
  setTimeout(run, 30_000).unref();
}
