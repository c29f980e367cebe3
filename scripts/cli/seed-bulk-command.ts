import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { UsageError, parseFlags } from "./usage";

const LOCAL_HOSTS = new Set(["127.0.0.1", "localhost", "::1", "[::1]"]);

function positiveCount(value: string, flag: string, allowZero = false): number {
  const n = Number(value.replace(/_/g, ""));
  if (!Number.isInteger(n) || n < (allowZero ? 0 : 1))
    throw new UsageError(`--${flag} must be a whole number${allowZero ? "" : " above 0"}`);
  return n;
}

// `db seed-bulk`: benchmark data (lib/seed/seed-bulk.ts). The plaintext keys go to a file, not to
// stdout: a thousand keys would drown the terminal, and a load generator reads them from there.
export async function seedBulkCommand(args: string[], progress: (message: string) => void) {
  const f = parseFlags(args, ["email", "leads", "keys", "keys-out"], ["batch"]);
  const leads = positiveCount(f.leads, "leads", true);
  const keys = positiveCount(f.keys, "keys", true);
  const batchSize = f.batch ? positiveCount(f.batch, "batch") : undefined;
  const url = process.env.DATABASE_URL;
  // A million fake leads belong on a developer's machine, never in a shared or production database.
  if (url && !LOCAL_HOSTS.has(new URL(url).hostname)) {
    throw new Error(`refusing to bulk-seed a non-local database (${new URL(url).hostname})`);
  }
  const { getDb } = await import("@/db/client");
  const { seedBulk } = await import("@/lib/seed/seed-bulk");
  const result = await seedBulk(await getDb(), { email: f.email, leads, keys, batchSize, log: progress });
  const keysOut = path.resolve(f["keys-out"]);
  mkdirSync(path.dirname(keysOut), { recursive: true });
  writeFileSync(
    keysOut,
    `${JSON.stringify({ accountId: result.accountId, email: f.email, keys: result.keys }, null, 1)}\n`,
    { mode: 0o600 },
  );
  chmodSync(keysOut, 0o600);
  progress(`seed-bulk: done in ${(result.ms / 1000).toFixed(1)} s; keys written to ${keysOut}`);
  return {
    accountId: result.accountId,
    accountCreated: result.accountCreated,
    leadsBefore: result.leadsBefore,
    leadsInserted: result.leadsInserted,
    keysCreated: result.keys.length,
    keysFile: keysOut,
    ms: result.ms,
  };
}
