import { eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/db/client";
import { accounts, type Account } from "@/db/schema";
import { assertOwner } from "@/lib/users/assert-owner";
import { accountSettingsSchema, type AccountSettings } from "./account-settings-schema";

// The settings page's save: owners only, checked here so no caller can skip it.
export async function updateAccountSettings(
  input: { accountId: string; actorUserId: string; settings: AccountSettings },
  db?: DbOrTx,
): Promise<Account> {
  const conn = db ?? (await getDb());
  await assertOwner(input.accountId, input.actorUserId, conn);
  const settings = accountSettingsSchema.parse(input.settings);
  const [account] = await conn.update(accounts).set(settings).where(eq(accounts.id, input.accountId)).returning();
  return account;
}
