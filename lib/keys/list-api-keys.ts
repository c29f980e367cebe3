import { desc, eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/db/client";
import { apiKeys, users } from "@/db/schema";
import type { ApiKeyPermissions } from "./permissions";

type ApiKeyStatus = "active" | "expired" | "revoked";

export interface ApiKeySummary {
  id: string;
  name: string;
  prefix: string;
  createdBy: string | null;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  /** Null: full access. */
  permissions: ApiKeyPermissions | null;
  expiresAt: Date | null;
  /** Set once rolled: the key that replaced this one; expiresAt is then the overlap's end. */
  replacedBy: string | null;
  status: ApiKeyStatus;
}

function apiKeyStatus(key: { revokedAt: Date | null; expiresAt: Date | null }, now = Date.now()): ApiKeyStatus {
  if (key.revokedAt) return "revoked";
  if (key.expiresAt && key.expiresAt.getTime() <= now) return "expired";
  return "active";
}

// Never selects the hash: nothing that lists keys can leak it.
export async function listApiKeys(accountId: string, db?: DbOrTx): Promise<ApiKeySummary[]> {
  const conn = db ?? (await getDb());
  const rows = await conn
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      createdBy: users.name,
      createdAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
      revokedAt: apiKeys.revokedAt,
      permissions: apiKeys.permissions,
      expiresAt: apiKeys.expiresAt,
      replacedBy: apiKeys.replacedBy,
    })
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .where(eq(apiKeys.accountId, accountId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  const now = Date.now();
  return rows.map((r) => ({ ...r, status: apiKeyStatus(r, now) }));
}
