import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import type { Plan } from "@/lib/domain/enums";
import { accounts, apiKeys } from "@/db/schema";
import { ApiError } from "@/lib/errors/api-error";
import { hashApiKey, isWellFormedApiKey } from "@/lib/keys/key-format";
import type { ApiKeyPermissions } from "@/lib/keys/permissions";
import { prepareOnce } from "@/lib/query/prepare-once";
import { createWriteBatcher } from "./write-batcher";

export interface ApiKeyContext {
  id: string;
  name: string;
  accountId: string;
  plan: Plan;
  defaultCountry: string;
  currency: string;
  /** False: the account has no enabled webhook endpoint, and a change need not look for one. */
  /** False: the account has no required lead custom field, and POST /leads without customFields
   * need not read the definitions. */
  hasRequiredLeadCustomFields: boolean;
  /** accounts.routing_version: a create finds the rules this process read for it (lib/routing/
   * cached-routing-rules.ts) without reading them again. */
  routingVersion: number;
  /** Null: full access (lib/keys/permissions.ts). */
  permissions: ApiKeyPermissions | null;
  /** Null: never expires. A rolled key's old secret ends here too. */
  expiresAt: Date | null;
}

/** 401 api_key_expired from the expiry instant on. Checked apart from the lookup so an expired
 * key's refusals are still logged under the key, where its owner looks for them. */
export function assertNotExpired(apiKey: ApiKeyContext, now = Date.now()): void {
  if (apiKey.expiresAt && apiKey.expiresAt.getTime() <= now) {
    throw new ApiError(
      "api_key_expired",
      `The API key expired at ${apiKey.expiresAt.toISOString()}. Create or roll a key in Settings → Public API.`,
    );
  }
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

// Every API request runs this: prepared once (lib/query/prepare-once.ts).
const keyByHash = prepareOnce((db) =>
  db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      revokedAt: apiKeys.revokedAt,
      expiresAt: apiKeys.expiresAt,
      permissions: apiKeys.permissions,
      accountId: accounts.id,
      plan: accounts.plan,
      defaultCountry: accounts.defaultCountry,
      currency: accounts.currency,
      hasRequiredLeadCustomFields: accounts.hasRequiredLeadCustomFields,
      routingVersion: accounts.routingVersion,
    })
    .from(apiKeys)
    .innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
    .where(eq(apiKeys.keyHash, sql.placeholder("keyHash")))
    .limit(1)
    .prepare("api_key_by_hash"),
);

/** The key with this hash and its account, or 401. Revocation, expiry (a rolled key's overlap
 * included) and permissions are read on every request, with no cache: a change takes effect on
 * the very next request on every instance. */
export async function findApiKeyByHash(keyHash: string): Promise<ApiKeyContext> {
  const [row] = await keyByHash(await getDb()).execute({ keyHash });
  if (!row || row.revokedAt) throw new ApiError("invalid_api_key", INVALID_MESSAGE);
  return {
    id: row.id,
    name: row.name,
    accountId: row.accountId,
    plan: row.plan,
    defaultCountry: row.defaultCountry,
    currency: row.currency,
    hasRequiredLeadCustomFields: row.hasRequiredLeadCustomFields,
    routingVersion: row.routingVersion,
    permissions: row.permissions,
    expiresAt: row.expiresAt,
  };
}

const LAST_USED_INTERVAL_MS = 60_000;
const lastUsedWrites = new Map<string, number>();

// Touches of several keys go out as one UPDATE (lib/api/write-batcher.ts). Its rows are locked
// in (createdAt, id) order, as a roll's or a revoke's are (lib/keys), and a row another
// transaction holds is skipped, not waited for: an UPDATE by a list of ids locked them in no set
// order, and a revoke of a rolled key (both secrets, in order) could deadlock with it. A touch is
// best effort; a skipped key is touched by its next request a minute on.
const lastUsedBatcher = createWriteBatcher<{ keyId: string; at: number }>(
  "api_keys.last_used_at",
  async (touches) => {
    const at = Math.max(...touches.map((t) => t.at));
    const db = await getDb();
    const due = db
      .select({ id: apiKeys.id })
      .from(apiKeys)
      .where(
        and(
          inArray(apiKeys.id, [...new Set(touches.map((t) => t.keyId))]),
          or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(at - LAST_USED_INTERVAL_MS))),
        ),
      )
      .orderBy(apiKeys.createdAt, apiKeys.id)
      // The lock an UPDATE of a non-key column takes: a row that a request log's insert
      // references (FOR KEY SHARE, its foreign key) is not skipped for it.
      .for("no key update", { skipLocked: true });
    await db
      .update(apiKeys)
      .set({ lastUsedAt: new Date(at) })
      .where(inArray(apiKeys.id, due));
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
