import { getDb, type DbOrTx } from "@/db/client";
import { apiKeys } from "@/db/schema";
import { newId } from "@/lib/ids/new-id";
import { generateApiKey } from "./key-format";

export interface CreatedApiKey {
  id: string;
  /** The plaintext key: returned once, never stored. */
  key: string;
  prefix: string;
  name: string;
  createdAt: Date;
}

export async function createApiKey(
  input: { accountId: string; name: string; createdBy: string | null },
  db?: DbOrTx,
): Promise<CreatedApiKey> {
  const conn = db ?? (await getDb());
  const { key, hash, prefix } = generateApiKey();
  const [row] = await conn
    .insert(apiKeys)
    .values({
      id: newId("apiKey"),
      accountId: input.accountId,
      name: input.name,
      keyHash: hash,
      prefix,
      createdBy: input.createdBy,
    })
    .returning({ id: apiKeys.id, createdAt: apiKeys.createdAt });
  return { id: row.id, key, prefix, name: input.name, createdAt: row.createdAt };
}
