import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { apiKeys } from "@/db/schema";

interface ChainRow extends Record<string, unknown> {
  id: string;
}

/**
 * Every secret of one key, locked for the rest of the transaction. A roll adds a row whose
 * predecessor points at it (`replaced_by`), so the key is the whole chain, walked both ways from
 * any of its rows: revoking it or changing its permissions must reach every secret that still
 * answers, not only the row the owner clicked (issue 31, 1b and 10). Chains are short (one row per
 * roll) and scoped by account, which the (account_id, created_at) index serves.
 */
export async function lockKeyRoll(tx: DbOrTx, key: { id: string; accountId: string }) {
  const result = await tx.execute<ChainRow>(sql`
    with recursive
      older(id) as (
        select ${key.id}::text
        union
        select k.id from api_keys k join older o on k.replaced_by = o.id where k.account_id = ${key.accountId}
      ),
      newer(id, replaced_by) as (
        select id, replaced_by from api_keys where id = ${key.id} and account_id = ${key.accountId}
        union
        select k.id, k.replaced_by from api_keys k join newer n on k.id = n.replaced_by
        where k.account_id = ${key.accountId}
      )
    select id from older union select id from newer`);
  // postgres-js answers an array of rows, PGlite an object holding them.
  const rows = (Array.isArray(result) ? result : (result as unknown as { rows: ChainRow[] }).rows) as ChainRow[];
  const ids = rows.map((r) => r.id);
  return tx
    .select({ id: apiKeys.id, prefix: apiKeys.prefix, revokedAt: apiKeys.revokedAt, permissions: apiKeys.permissions })
    .from(apiKeys)
    .where(and(eq(apiKeys.accountId, key.accountId), inArray(apiKeys.id, ids)))
    .orderBy(apiKeys.createdAt, apiKeys.id)
    .for("update");
}
