import type { DbDriver } from "@/db/client";

/** "skip": answer false at once when another process holds the lock (the hourly schedule: that
 * process is doing the work). "wait": run once the other pass has ended (a caller that needs
 * the expiry done, as the tests do), polling, so no statement waits past statement_timeout. */
type WhenHeld = "skip" | "wait";

const RETRY_MS = 200;

/**
 * Runs `pass` only while no other process of the fleet is running it: on PostgreSQL, under a session
 * advisory lock (`pg_try_advisory_lock`) held by a connection reserved from the pool for the pass,
 * so the pass itself may run as many short transactions as it likes and the lock is released
 * when the pass ends or its connection dies. Answers false, without running, when another
 * process holds the lock and `whenHeld` is "skip". PGlite: one process owns the data directory (db/pglite-lock.ts), and
 * it runs the pass.
 *
 * A session lock, not a transaction-level one: a transaction held open across the pass is the
 * very thing the batches avoid (it would hold every account's feed back).
 */
export async function withFleetLock(
  driver: DbDriver,
  lockId: number,
  whenHeld: WhenHeld,
  pass: () => Promise<void>,
): Promise<boolean> {
  if (driver.engine === "pglite") {
    await pass();
    return true;
  }
  const connection = await driver.client.reserve();
  try {
    for (;;) {
      const [{ locked }] = await connection<{ locked: boolean }[]>`select pg_try_advisory_lock(${lockId}) as locked`;
      if (locked) break;
      if (whenHeld === "skip") return false;
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
    try {
      await pass();
      return true;
    } finally {
      await connection`select pg_advisory_unlock(${lockId})`.catch(() => {});
    }
  } finally {
    connection.release();
  }
}
