import { eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/db/client";
import { accounts, type Account } from "@/db/schema";
import { userAuditActor } from "@/lib/audit/audit-actors";
import { changedFields, recordAudit } from "@/lib/audit/record-audit";
import type { RequestClient } from "@/lib/audit/request-client";
import { assertOwner } from "@/lib/users/assert-owner";
import { accountSettingsSchema, type AccountSettings } from "./account-settings-schema";
import { recordPlanChange } from "./set-account-plan";

// The settings page's save: owners only, checked here so no caller can skip it. The form holds
// the plan beside the settings, but the audit log keeps them apart (a plan change is what
// billing and API access hang on): one entry for the settings that changed, another for the
// plan, and none for a save that changed nothing.
export async function updateAccountSettings(
  input: { accountId: string; actorUserId: string; origin: RequestClient; settings: AccountSettings },
  db?: DbOrTx,
): Promise<Account> {
  const conn = db ?? (await getDb());
  const owner = await assertOwner(input.accountId, input.actorUserId, conn);
  const { plan, ...settings } = accountSettingsSchema.parse(input.settings);
  const audit = userAuditActor(owner, input.origin);
  return conn.transaction(async (tx) => {
    const [before] = await tx.select().from(accounts).where(eq(accounts.id, input.accountId)).for("update");
    const [account] = await tx
      .update(accounts)
      .set({ ...settings, plan })
      .where(eq(accounts.id, input.accountId))
      .returning();
    const changes = changedFields(before, settings);
    if (Object.keys(changes).length) {
      await recordAudit(tx, input.accountId, audit, {
        action: "account.settings_changed",
        target: { type: "account", id: input.accountId, label: account.name },
        changes,
      });
    }
    await recordPlanChange(tx, { id: account.id, name: account.name, plan: before.plan }, audit, plan);
    return account;
  });
}
