import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { apiKeys } from "@/db/schema";

/** The user who created the key (what `me` means to the API), or null: a key made with the CLI,
 * or one whose creator has since been removed. Read only when a request says `me`, so the key
 * lookup every request makes stays as small as it is. */
export async function getApiKeyCreator(apiKeyId: string): Promise<string | null> {
  const db = await getDb();
  const [row] = await db.select({ createdBy: apiKeys.createdBy }).from(apiKeys).where(eq(apiKeys.id, apiKeyId));
  return row?.createdBy ?? null;
}
