import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { alias, PgDialect } from "drizzle-orm/pg-core";
import postgres from "postgres";
import { DRIZZLE_CONFIG } from "@/db/client";
import { leads } from "@/db/schema";
import { hashApiKey } from "@/lib/keys/key-format";
import { publicLeadJsonOf } from "@/lib/leads/public-lead";
import { assertLocal } from "@/tests/setup/test-database";
import { progress } from "./log";
import { ROOT, tsxNode } from "./processes";

// The benchmark's own database on the local PostgreSQL (never another host): reused when it
// holds what the run needs (the account's lead count and every key in the keys file), else
// dropped and seeded again by the CLI's `db seed-bulk`. The plaintext keys live in a git-ignored
// file under bench/results/, since the database keeps only their hashes.

const BENCH_EMAIL = "bench-owner@bench.test";

interface BenchKeys {
  accountId: string;
  keys: Array<{ id: string; key: string }>;
}

export interface BenchDatabase {
  url: string;
  name: string;
  accountId: string;
  keys: string[];
  leads: number;
}

const adminUrl = () => process.env.BENCH_ADMIN_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

function urlFor(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

const keysFileFor = (name: string) => path.join(ROOT, "bench/results", `keys-${name}.json`);

async function withAdmin<T>(run: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  assertLocal(adminUrl());
  const sql = postgres(adminUrl(), { max: 1, onnotice: () => {} });
  try {
    return await run(sql);
  } finally {
    await sql.end();
  }
}

async function exists(name: string): Promise<boolean> {
  return withAdmin(async (sql) => (await sql`select 1 from pg_database where datname = ${name}`).length > 0);
}

export async function dropBenchDatabase(name: string): Promise<void> {
  await withAdmin((sql) => sql.unsafe(`drop database if exists "${name}" with (force)`));
}

/** Why the database cannot be reused, or null when it can. */
async function mismatch(name: string, leads: number, keysNeeded: number): Promise<string | null> {
  if (!(await exists(name))) return "it does not exist";
  const file = keysFileFor(name);
  if (!existsSync(file)) return `there is no keys file (${path.relative(ROOT, file)})`;
  const saved = JSON.parse(readFileSync(file, "utf8")) as BenchKeys;
  if (saved.keys.length < keysNeeded) return `the keys file holds ${saved.keys.length} keys, not ${keysNeeded}`;
  const sql = postgres(urlFor(name), { max: 1, onnotice: () => {} });
  try {
    const [{ n }] =
      await sql`select count(*)::int as n from leads where account_id = ${saved.accountId} and deleted_at is null`.catch(
        () => [{ n: -1 }],
      );
    if (n < leads)
      return `its account has ${n < 0 ? "no" : n.toLocaleString("en-US")} leads, not ${leads.toLocaleString("en-US")}`;
    const hashes = saved.keys.map((k) => hashApiKey(k.key));
    const [{ live }] =
      await sql`select count(*)::int as live from api_keys where key_hash = any(${hashes}) and revoked_at is null and account_id = ${saved.accountId}`;
    if (live !== saved.keys.length) return `${saved.keys.length - live} of its keys are unknown or revoked`;
    return null;
  } finally {
    await sql.end();
  }
}

function runSeed(url: string, name: string, leads: number, keys: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const args = [
      "db",
      "seed-bulk",
      "--email",
      BENCH_EMAIL,
      "--leads",
      String(leads),
      "--keys",
      String(keys),
      "--keys-out",
      keysFileFor(name),
    ];
    const [node, ...nodeArgs] = tsxNode("scripts/cli.ts", ...args);
    const child = spawn(node, nodeArgs, {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: "warn" },
      stdio: ["ignore", "ignore", "pipe"],
    });
    child.stderr.on("data", (chunk: Buffer) => {
      for (const line of chunk.toString().split("\n").filter(Boolean)) progress(line);
    });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`db seed-bulk exited with ${code}`))));
  });
}

export async function prepareBenchDatabase(options: {
  name: string;
  leads: number;
  keys: number;
  fresh: boolean;
}): Promise<BenchDatabase> {
  const { name, leads, keys, fresh } = options;
  const url = urlFor(name);
  assertLocal(url);
  const why = fresh ? "--fresh was given" : await mismatch(name, leads, keys);
  if (why) {
    progress(`database ${name}: (re)creating and seeding, because ${why}`);
    await dropBenchDatabase(name);
    await withAdmin((sql) => sql.unsafe(`create database "${name}"`));
    await runSeed(url, name, leads, keys);
  } else {
    progress(
      `database ${name}: reusing it (${leads.toLocaleString("en-US")}+ leads, ${keys} keys match); --fresh re-seeds`,
    );
  }
  const saved = JSON.parse(readFileSync(keysFileFor(name), "utf8")) as BenchKeys;
  return { url, name, accountId: saved.accountId, keys: saved.keys.map((k) => k.key), leads };
}

// Scenario 7's feed: `target` events for the bench account, made directly in SQL (the API would
// take hours). Each batch is its own transaction, so the rows carry varied transaction ids
// (`txid` defaults to pg_current_xact_id()) as the feed's (txid, id) order expects; within a batch
// the ids rise with the series. The objects are real leads of the account in their public shape,
// as a `lead.updated` event carries them. Only what is missing is added: the count is of the
// account's events younger than 29 days, since the app's hourly housekeeping deletes events
// older than 30 (a seed that ages out is topped up again by a later run).
const EVENTS_BATCH = 50_000;
// A lead's public JSON as the app writes it into its events (lib/leads/public-lead.ts, derived
// from leadSchema), over the sample's rows `l`: a hand-written copy had drifted from the schema.
// Scenario 7's fleet scaling makes its events with it too (webhooks-fleet-scaling.ts).
export const LEAD_JSON_OF_L = new PgDialect({ casing: DRIZZLE_CONFIG.casing }).sqlToQuery(
  publicLeadJsonOf(alias(leads, "l")),
).sql;
const EVENTS_SAMPLE = 50_000;

export async function prepareBenchEvents(
  db: BenchDatabase,
  target: number,
): Promise<{ events: number; added: number }> {
  assertLocal(db.url);
  const sql = postgres(db.url, { max: 1, onnotice: () => {} });
  try {
    const young = async () =>
      (
        await sql<Array<{ n: number }>>`
          select count(*)::int as n from events
          where account_id = ${db.accountId} and created_at > now() - interval '29 days'`
      )[0].n;
    const have = await young();
    if (have >= target) {
      progress(
        `database ${db.name}: reusing its ${have.toLocaleString("en-US")} events (${target.toLocaleString("en-US")} needed)`,
      );
      return { events: have, added: 0 };
    }
    const missing = target - have;
    progress(
      `database ${db.name}: ${have.toLocaleString("en-US")} events of ${target.toLocaleString("en-US")}; adding ${missing.toLocaleString("en-US")} in transactions of ${EVENTS_BATCH.toLocaleString("en-US")}`,
    );
    // A sample of the account's leads, numbered, for the events to be about (one connection: the
    // temporary table lives as long as it does).
    await sql`
      create temporary table bench_event_leads as
      select (row_number() over (order by id) - 1)::int as n, id, ${sql.unsafe(LEAD_JSON_OF_L)} as object
      from (select * from leads where account_id = ${db.accountId} and deleted_at is null limit ${EVENTS_SAMPLE}) l`;
    const [{ sample }] = await sql<Array<{ sample: number }>>`select count(*)::int as sample from bench_event_leads`;
    if (!sample) throw new Error("the bench account has no leads to make events about");
    // `evt_00<run><n>`: sorts before the app's ULIDs (which start with the time, `01…`), unique
    // per seeding run, rising with n.
    const run = Math.random().toString(36).slice(2, 8).padEnd(6, "0");
    const eventId = (n: number) => `evt_00${run}${String(n).padStart(18, "0")}`;
    const started = Date.now();
    let shown = 0;
    for (let from = 0; from < missing; from += EVENTS_BATCH) {
      const to = Math.min(missing, from + EVENTS_BATCH) - 1;
      await sql.begin(
        (tx) => tx`
          insert into events (id, account_id, type, object_id, data, actor_type, actor_id, actor_name, request_id)
          select 'evt_00' || ${run} || lpad(g::text, 18, '0'), ${db.accountId}, 'lead.updated', l.id,
            ('{"object":' || l.object || ',"previousAttributes":{"notes":null}}')::json,
            'system', null, 'Bench seed', null
          from generate_series(${from}::int, ${to}::int) g
          join bench_event_leads l on l.n = g % ${sample}::int
          order by g`,
      );
      const done = to + 1;
      const s = (Date.now() - started) / 1000;
      // A line every 5 s at most (ten million events are 200 batches), and the last.
      if (done < missing && s - shown < 5) continue;
      shown = s;
      progress(
        `events ${done.toLocaleString("en-US")}/${missing.toLocaleString("en-US")} (${s.toFixed(1)} s, ${Math.round(done / s).toLocaleString("en-US")} rows/s)`,
      );
    }
    await sql`drop table bench_event_leads`;
    // The seed is history, not news: the webhook dispatcher's position moves past it, so that the
    // app does not spend its first minutes passing millions of events with no endpoint to send to
    // (500 a step) while the scenarios measure. Never backwards.
    await sql`
      update event_dispatch_positions p set txid = e.txid, event_id = e.id, updated_at = now()
      from events e
      where e.id = ${eventId(missing - 1)} and p.name = 'webhooks' and (p.txid, p.event_id) < (e.txid, e.id)`;
    await sql`analyze events`;
    const events = await young();
    return { events, added: missing };
  } finally {
    await sql.end();
  }
}
