import { and, eq, lt, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
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

const DAY_MS = 24 * 60 * 60 * 1000;
const THIRTY_DAYS_MS = 30 * DAY_MS;
const EVERY_MS = 60 * 60 * 1000;

/** Idempotency records live 24 hours; request log entries, events and webhook deliveries 30 days;
 * audit log entries a year. Password reset requests (the throttle's count) and reset tokens go a
 * day after they stop mattering; the local outbox keeps 30 days of mail; a lead import uploaded
 * and never started, a week. */
export async function expireOldRecords(): Promise<void> {
  const db = await getDb();
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(Date.now() - IDEMPOTENCY_KEY_TTL_MS)));
  await db.delete(requestLogs).where(lt(requestLogs.createdAt, new Date(Date.now() - THIRTY_DAYS_MS)));
  await db.delete(events).where(lt(events.createdAt, new Date(Date.now() - THIRTY_DAYS_MS)));
  await db.delete(webhookDeliveries).where(lt(webhookDeliveries.createdAt, new Date(Date.now() - THIRTY_DAYS_MS)));
  await db.delete(passwordResetRequests).where(lt(passwordResetRequests.createdAt, new Date(Date.now() - DAY_MS)));
  await db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, new Date(Date.now() - DAY_MS)));
  await db.delete(mailOutbox).where(lt(mailOutbox.createdAt, new Date(Date.now() - THIRTY_DAYS_MS)));
  // A CSV uploaded at Leads → Import and never started (its file is up to 20 MB) goes after a week.
  await db
    .delete(leadImports)
    .where(and(eq(leadImports.status, "uploaded"), lt(leadImports.createdAt, new Date(Date.now() - 7 * DAY_MS))));
  // The only delete of audit entries in the app. The cut-off is the database's own
  // `now() - interval '1 year'`, the very test of the append-only trigger (migration 0006): a
  // cut-off from this process's clock, a little ahead of the database's, would ask to delete an
  // entry the trigger refuses, and the whole statement would fail.
  await db.delete(auditLogEntries).where(lt(auditLogEntries.occurredAt, sql`now() - interval '1 year'`));
}

const globalForHousekeeping = globalThis as unknown as { __lpmHousekeeping?: NodeJS.Timeout };

/** Hourly, in each server process (the deletes are idempotent, so instances may overlap). */
export function scheduleHousekeeping(): void {
  if (globalForHousekeeping.__lpmHousekeeping) return;
  const run = () =>
    expireOldRecords().catch((error) => logger.warn("housekeeping failed", { error: describeError(error) }));
  globalForHousekeeping.__lpmHousekeeping = setInterval(run, EVERY_MS);
  globalForHousekeeping.__lpmHousekeeping.unref();
  setTimeout(run, 30_000).unref();
}
