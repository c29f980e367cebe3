import { randomBytes } from "node:crypto";
import { and, count, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { apiKeys, leads } from "@/db/schema";
import { createAccount } from "@/lib/accounts/create-account";
import { setAccountPlan } from "@/lib/accounts/set-account-plan";
import { generateApiKey } from "@/lib/keys/key-format";
import { newId } from "@/lib/ids/new-id";
import { findUserByEmail } from "@/lib/users/find-user-by-email";
import { getMembershipByEmailOrThrow } from "@/lib/users/get-membership-by-email";
import { insertBulkLeadsSql } from "./bulk-leads-sql";
import { dropSecondaryIndexes, recreateIndex } from "./secondary-indexes";

// Benchmark data: one Agency account with `leads` live leads (topped up to that number, so a
// seeded database can be reused) and `keys` new API keys, so that the per-key rate limit does
// not cap a load test. Leads go in by INSERT … SELECT in batches, with progress; not one API call.

const DAY_MS = 86_400_000;
// Leads are spread over two years, the newest a day old: cursors and updatedAfter filters
// then have a realistic history to cut through.
const SPAN_MS = 730 * DAY_MS;

export interface SeedBulkOptions {
  email: string;
  leads: number;
  keys: number;
  batchSize?: number;
  log?: (message: string) => void;
}

export interface SeedBulkResult {
  accountId: string;
  accountCreated: boolean;
  leadsBefore: number;
  leadsInserted: number;
  /** Plaintext keys: returned once, stored only as hashes. */
  keys: Array<{ id: string; key: string }>;
  ms: number;
}

export async function seedBulk(db: Db, options: SeedBulkOptions): Promise<SeedBulkResult> {
  const started = Date.now();
  const log = options.log ?? (() => {});
  const { accountId, created } = await findOrCreateAgencyAccount(db, options.email);
  log(`seed-bulk: account ${accountId} (${created ? "created" : "existing"}, agency plan)`);

  const [{ n: leadsBefore }] = await db
    .select({ n: count() })
    .from(leads)
    .where(and(eq(leads.accountId, accountId), isNull(leads.deletedAt)));
  const toInsert = Math.max(0, options.leads - leadsBefore);
  if (toInsert > 0) {
    await insertLeads(db, {
      accountId,
      from: leadsBefore + 1,
      to: options.leads,
      batch: Math.max(1, options.batchSize ?? 50_000),
      started,
      log,
    });
    // Fresh statistics and visibility map: the planner sees the real row counts and the
    // keyset queries can use index-only checks, as on a database that has been running a while.
    log("seed-bulk: vacuum analyze");
    await db.execute(sql`vacuum analyze leads`);
    await db.execute(sql`vacuum analyze activities`);
  }

  const keys = await createKeys(db, accountId, options.keys);
  log(`seed-bulk: ${keys.length} API keys created`);
  return { accountId, accountCreated: created, leadsBefore, leadsInserted: toInsert, keys, ms: Date.now() - started };
}

// Below this many rows, dropping and rebuilding the indexes costs more than it saves.
const REBUILD_INDEXES_FROM_ROWS = 10_000;

async function insertLeads(
  db: Db,
  job: { accountId: string; from: number; to: number; batch: number; started: number; log: (message: string) => void },
) {
  const { accountId, from, to, batch, started, log } = job;
  const total = to - from + 1;
  const newestMs = Date.now() - DAY_MS;
  const [{ n: rowsInTable }] = await db.select({ n: count() }).from(leads);
  // One transaction: a failed or interrupted seed leaves nothing behind, indexes included.
  await db.transaction(async (tx) => {
    // Each 50,000-row insert, and each index rebuilt over a million rows (up to a minute), may
    // outlast the app's statement limit (db/session-timeouts.ts): lifted for this transaction.
    await tx.execute(sql`set local statement_timeout = 0`);
    const rebuild = total >= REBUILD_INDEXES_FROM_ROWS && total >= rowsInTable;
    const dropped = rebuild ? await dropSecondaryIndexes(tx, ["leads", "activities"]) : [];
    if (rebuild) log(`seed-bulk: ${dropped.length} secondary indexes dropped; rebuilt after the load`);
    for (let first = from; first <= to; first += batch) {
      const last = Math.min(to, first + batch - 1);
      await tx.execute(insertBulkLeadsSql({ accountId, from: first, to: last, total: to, newestMs, spanMs: SPAN_MS }));
      const done = last - from + 1;
      const seconds = (Date.now() - started) / 1000;
      log(
        `seed-bulk: leads ${done.toLocaleString("en-US")}/${total.toLocaleString("en-US")} (${seconds.toFixed(1)} s, ${Math.round(done / seconds).toLocaleString("en-US")} rows/s)`,
      );
    }
    if (dropped.length) await tx.execute(sql`set local maintenance_work_mem = '128MB'`);
    for (const index of dropped) {
      const indexStarted = Date.now();
      await recreateIndex(tx, index);
      log(`seed-bulk: index ${index.name} rebuilt (${((Date.now() - indexStarted) / 1000).toFixed(1)} s)`);
    }
  });
}

async function findOrCreateAgencyAccount(db: Db, email: string): Promise<{ accountId: string; created: boolean }> {
  if (await findUserByEmail(email, db)) {
    const owner = await getMembershipByEmailOrThrow(email, db);
    await setAccountPlan(owner.accountId, "agency", db);
    return { accountId: owner.accountId, created: false };
  }
  // Nobody signs in to the bench account: its password is random and never shown.
  const password = randomBytes(24).toString("base64url");
  const { accountId } = await createAccount({ name: "Bench Realty", email, password, plan: "agency" }, db);
  return { accountId, created: true };
}

async function createKeys(db: Db, accountId: string, howMany: number): Promise<Array<{ id: string; key: string }>> {
  const created: Array<{ id: string; key: string }> = [];
  const stamp = new Date().toISOString().slice(0, 19);
  for (let start = 0; start < howMany; start += 500) {
    const rows = Array.from({ length: Math.min(500, howMany - start) }, (_, i) => {
      const { key, hash, prefix } = generateApiKey();
      const id = newId("apiKey");
      created.push({ id, key });
      return { id, accountId, name: `bench ${stamp} #${start + i + 1}`, keyHash: hash, prefix, createdBy: null };
    });
    await db.insert(apiKeys).values(rows);
  }
  return created;
}
