import { and, eq, isNull, lt, or } from "drizzle-orm";
import { getDb } from "@/db/client";
import { accounts, apiKeys, type Plan } from "@/db/schema";
import { ApiError } from "@/lib/errors/api-error";
import { hashApiKey, isWellFormedApiKey } from "@/lib/api-keys/key-format";

export interface ApiKeyContext {
  id: string;
  name: string;
  accountId: string;
  plan: Plan;
  defaultCountry: string;
  currency: string;
}

const INVALID_MESSAGE = "The API key is invalid or has been revoked.";

/** `Authorization: Bearer lpm_…` → the key and its account, or 401. */
export async function authenticateApiKey(authorization: string | null): Promise<ApiKeyContext> {
  if (!authorization?.trim()) {
    throw new ApiError("missing_api_key", "Send your API key as `Authorization: Bearer <API_KEY>`.");
  }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization.trim());
  // Shape and checksum first: a typo or garbage never costs a database read.
  if (!match || !isWellFormedApiKey(match[1])) throw new ApiError("invalid_api_key", INVALID_MESSAGE);
  const db = await getDb();
  const [row] = await db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      revokedAt: apiKeys.revokedAt,
      accountId: accounts.id,
      plan: accounts.plan,
      defaultCountry: accounts.defaultCountry,
      currency: accounts.currency,
    })
    .from(apiKeys)
    .innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
    .where(eq(apiKeys.keyHash, hashApiKey(match[1])))
    .limit(1);
  // Revocation is read on every request, so it takes effect at once on every instance.
  if (!row || row.revokedAt) throw new ApiError("invalid_api_key", INVALID_MESSAGE);
  return { id: row.id, name: row.name, accountId: row.accountId, plan: row.plan, defaultCountry: row.defaultCountry, currency: row.currency };
}

const LAST_USED_INTERVAL_MS = 60_000;
const lastUsedWrites = new Map<string, number>();

/** Called after the response: at most one write a minute per key per process, and the
 * conditional UPDATE keeps it to one a minute across instances. */
export async function touchApiKeyLastUsed(keyId: string): Promise<void> {
  const now = Date.now();
  if (now - (lastUsedWrites.get(keyId) ?? 0) < LAST_USED_INTERVAL_MS) return;
  lastUsedWrites.set(keyId, now);
  if (lastUsedWrites.size > 10_000) lastUsedWrites.clear();
  const db = await getDb();
  await db
    .update(apiKeys)
    .set({ lastUsedAt: new Date(now) })
    .where(and(eq(apiKeys.id, keyId), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(now - LAST_USED_INTERVAL_MS)))));
}
