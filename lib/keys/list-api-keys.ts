import { desc, eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/db/client";
import { apiKeys, users } from "@/db/schema";

export interface ApiKeySummary {
  id: string;
  name: string;
  prefix: string;
  createdBy: string | null;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  status: "active" | "revoked";
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
    })
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .where(eq(apiKeys.accountId, accountId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map((r) => ({ ...r, status: r.revokedAt ? "revoked" : "active" }));
}
