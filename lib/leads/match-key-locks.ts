import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Tx } from "@/db/client";

// Intake must not create two leads for one person when two inquiries arrive at once. The
// unique index covers externalId only, so every intake first takes a transaction-scoped
// advisory lock on each of its normalised match keys: a second inquiry with the same email
// waits until the first has committed, then finds its lead. Sorted, so two intakes sharing
// two keys take them in the same order and cannot deadlock.

/** A 64-bit lock key for `text` (the first 8 bytes of its SHA-256). */
const lockKey = (text: string) => createHash("sha256").update(text).digest().readBigInt64BE(0);

export async function lockMatchKeys(tx: Tx, accountId: string, keys: (string | null | undefined)[]): Promise<void> {
  const texts = keys.filter((key): key is string => !!key).map((key) => `lead-match:${accountId}:${key}`);
  if (!texts.length) return;
  const ids = [...new Set(texts.map(lockKey))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  // unnest yields the array in order, and the locks are taken row by row in that order.
  await tx.execute(sql`select pg_advisory_xact_lock(k) from unnest(${`{${ids.join(",")}}`}::bigint[]) as k`);
}
