import { and, eq, inArray, isNull, lt, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { getDb, type Db } from "@/db/client";
import { accounts, apiKeys, type Plan } from "@/db/schema";
import { ApiError } from "@/lib/errors/api-error";
import { hashApiKey, isWellFormedApiKey } from "@/lib/api-keys/key-format";
import { prepareOnce } from "@/lib/query/prepare-once";
import { createWriteBatcher } from "./write-batcher";

export interface ApiKeyContext {
  id: string;
  name: string;
  accountId: string;
  plan: Plan;
  defaultCountry: string;
  currency: string;
}

const INVALID_MESSAGE = "The API key is invalid or has been revoked.";

/**
 * `Authorization: Bearer lpm_…` → the SHA-256 of the key, or 401 without a database read
 * (missing header, wrong shape, bad checksum).
 */
export function apiKeyHashFromHeader(authorization: string | null): string {
  if (!authorization?.trim()) {
    throw new ApiError("missing_api_key", "Send your API key as `Authorization: Bearer <API_KEY>`.");
  }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization.trim());
  // Shape and checksum first: a typo or garbage never costs a database read.
  if (!match || !isWellFormedApiKey(match[1])) throw new ApiError("invalid_api_key", INVALID_MESSAGE);
  return hashApiKey(match[1]);
}

/** The only plan whose keys may call the API (others get 403 plan_required). */
export const API_PLAN: Plan = "agency";

const keyColumns = {
  id: apiKeys.id,
  name: apiKeys.name,
  revokedAt: apiKeys.revokedAt,
  accountId: accounts.id,
  plan: accounts.plan,
  defaultCountry: accounts.defaultCountry,
  currency: accounts.currency,
};

function keyLookup<Extra extends Record<string, SQL.Aliased | SQL>>(db: Db, extra: Extra) {
  return db
    .select({ ...keyColumns, ...extra })
    .from(apiKeys)
    .innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
    .where(eq(apiKeys.keyHash, sql.placeholder("keyHash")))
    .limit(1);
}

type KeyRow = {
  id: string;
  name: string;
  revokedAt: Date | null;
  accountId: string;
  plan: Plan;
  defaultCountry: string;
  currency: string;
};

// Revocation is read on every request, so it takes effect at once on every instance.
function liveKey(row: KeyRow | undefined): ApiKeyContext {
  if (!row || row.revokedAt) throw new ApiError("invalid_api_key", INVALID_MESSAGE);
  return {
    id: row.id,
    name: row.name,
    accountId: row.accountId,
    plan: row.plan,
    defaultCountry: row.defaultCountry,
    currency: row.currency,
  };
}

// Every API request runs this: prepared once (lib/query/prepare-once.ts).
const keyByHash = prepareOnce((db) => keyLookup(db, {}).prepare("api_key_by_hash"));

/** The key with this hash and its account, or 401. */
export async function findApiKeyByHash(keyHash: string): Promise<ApiKeyContext> {
  const [row] = await keyByHash(await getDb()).execute({ keyHash });
  return liveKey(row);
}

export interface KeyWithRead {
  key: ApiKeyContext;
  /** The read's text; null when it found nothing, or did not run (revoked key, other plan). */
  read: string | null;
}

/**
 * The key's lookup with one read of its account riding along in the same statement: one round
 * trip to PostgreSQL instead of two after the other, for the hottest reads (GET /leads/:id:
 * lib/api/handler.ts `readWithKey`). The read is a one-column query of JSON text, given the
 * account's id as a column; it runs only for a live key of the API's plan, so a revoked key or
 * another plan's reads nothing. `values` fill the read's placeholders.
 */
export function keyLookupWithRead<V extends Record<string, unknown>>(
  name: string,
  buildRead: (db: Db, accountId: SQLWrapper) => SQLWrapper,
): (keyHash: string, values: V) => Promise<KeyWithRead> {
  const statement = prepareOnce((db) =>
    keyLookup(db, {
      read: sql<
        string | null
      >`case when ${apiKeys.revokedAt} is null and ${accounts.plan} = ${sql.raw(`'${API_PLAN}'`)} then (${buildRead(db, accounts.id)}) end`,
    }).prepare(name),
  );
  return async (keyHash, values) => {
    const [row] = await statement(await getDb()).execute({ ...values, keyHash });
    return { key: liveKey(row), read: row?.read ?? null };
  };
}

/** `Authorization: Bearer lpm_…` → the key and its account, or 401. */
export async function authenticateApiKey(authorization: string | null): Promise<ApiKeyContext> {
  return findApiKeyByHash(apiKeyHashFromHeader(authorization));
}

const LAST_USED_INTERVAL_MS = 60_000;
const lastUsedWrites = new Map<string, number>();

// Touches of several keys go out as one UPDATE (lib/api/write-batcher.ts).
const lastUsedBatcher = createWriteBatcher<{ keyId: string; at: number }>(
  "api_keys.last_used_at",
  async (touches) => {
    const at = Math.max(...touches.map((t) => t.at));
    const db = await getDb();
    await db
      .update(apiKeys)
      .set({ lastUsedAt: new Date(at) })
      .where(
        and(
          inArray(apiKeys.id, [...new Set(touches.map((t) => t.keyId))]),
          or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(at - LAST_USED_INTERVAL_MS))),
        ),
      );
  },
  { maxWaitMs: 50, maxSize: 200 },
);

/** At most one write a minute per key per process, and the conditional UPDATE keeps it to one a
 * minute across instances. The write's batch promise, or nothing when no write was due. */
export function touchApiKeyLastUsed(keyId: string): Promise<void> | undefined {
  const now = Date.now();
  if (now - (lastUsedWrites.get(keyId) ?? 0) < LAST_USED_INTERVAL_MS) return undefined;
  lastUsedWrites.set(keyId, now);
  if (lastUsedWrites.size > 10_000) lastUsedWrites.clear();
  return lastUsedBatcher.add({ keyId, at: now });
}
