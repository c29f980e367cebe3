import { getDb, type DbOrTx } from "@/db/client";
import { apiKeys } from "@/db/schema";
import { recordAudit, type AuditActor } from "@/lib/audit/record-audit";
import { newId } from "@/lib/ids/new-id";
import { generateApiKey } from "./key-format";
import { describePermissions, type ApiKeyPermissions } from "./permissions";
import { apiKeyLabel } from "./lock-api-key";

export interface CreatedApiKey {
  id: string;
  /** The plaintext key: returned once, never stored. */
  key: string;
  prefix: string;
  name: string;
  permissions: ApiKeyPermissions | null;
  expiresAt: Date | null;
  createdAt: Date;
}

export interface NewApiKey {
  accountId: string;
  name: string;
  createdBy: string | null;
  /** Null or absent: full access. */
  permissions?: ApiKeyPermissions | null;
  expiresAt?: Date | null;
  /** Who to record in the audit log; absent only for fixtures (seeds, tests). */
  audit?: AuditActor;
}

/** The row of a new key, inserted in `db` (a transaction when a roll also ends the old key). */
export async function insertApiKey(db: DbOrTx, input: NewApiKey): Promise<CreatedApiKey> {
  const { key, hash, prefix } = generateApiKey();
  const permissions = input.permissions ?? null;
  const expiresAt = input.expiresAt ?? null;
  const [row] = await db
    .insert(apiKeys)
    .values({
      id: newId("apiKey"),
      accountId: input.accountId,
      name: input.name,
      keyHash: hash,
      prefix,
      createdBy: input.createdBy,
      permissions,
      expiresAt,
    })
    .returning({ id: apiKeys.id, createdAt: apiKeys.createdAt });
  return { id: row.id, key, prefix, name: input.name, permissions, expiresAt, createdAt: row.createdAt };
}

export async function createApiKey(input: NewApiKey, db?: DbOrTx): Promise<CreatedApiKey> {
  const conn = db ?? (await getDb());
  return conn.transaction(async (tx) => {
    const created = await insertApiKey(tx, input);
    if (input.audit) {
      await recordAudit(tx, input.accountId, input.audit, {
        action: "api_key.created",
        target: { type: "api_key", id: created.id, label: apiKeyLabel(created) },
        changes: {
          name: [null, created.name],
          permissions: [null, describePermissions(created.permissions)],
          expiresAt: [null, created.expiresAt?.toISOString() ?? null],
        },
      });
    }
    return created;
  });
}
