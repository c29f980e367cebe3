import { lt } from "drizzle-orm";
import { getDb } from "@/db/client";
import { events, IDEMPOTENCY_KEY_TTL_MS, idempotencyKeys, requestLogs, webhookDeliveries } from "@/db/schema";
import { logger } from "@/lib/log/logger";

const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;
const EVERY_MS = 60 * 60 * 1000;

/** Idempotency records live 24 hours; request log entries, events and webhook deliveries 30 days. */
export async function expireOldRecords(): Promise<void> {
  const db = await getDb();
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(Date.now() - IDEMPOTENCY_KEY_TTL_MS)));
  await db.delete(requestLogs).where(lt(requestLogs.createdAt, new Date(Date.now() - THIRTY_DAYS_MS)));
  await db.delete(events).where(lt(events.createdAt, new Date(Date.now() - THIRTY_DAYS_MS)));
  await db.delete(webhookDeliveries).where(lt(webhookDeliveries.createdAt, new Date(Date.now() - THIRTY_DAYS_MS)));
}

const globalForHousekeeping = globalThis as unknown as { __lpmHousekeeping?: NodeJS.Timeout };

/** Hourly, in each server process (the deletes are idempotent, so instances may overlap). */
export function scheduleHousekeeping(): void {
  if (globalForHousekeeping.__lpmHousekeeping) return;
  const run = () =>
    expireOldRecords().catch((error) => logger.warn("housekeeping failed", { error: (error as Error).message }));
  globalForHousekeeping.__lpmHousekeeping = setInterval(run, EVERY_MS);
  globalForHousekeeping.__lpmHousekeeping.unref();
  setTimeout(run, 30_000).unref();
}
