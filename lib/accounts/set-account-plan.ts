import { type Plan } from "@/lib/domain/enums";
import { eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/db/client";
import { accounts } from "@/db/schema";
import { recordAudit, type AuditActor } from "@/lib/audit/record-audit";
import { notFound } from "@/lib/errors/api-error";

/** Sets the plan. `audit` names who changed it (the CLI); seeding sets up a demo account's plan
 * with none, since no one changed anything. Setting the plan it has records nothing. */
export async function setAccountPlan(accountId: string, plan: Plan, db?: DbOrTx, audit?: AuditActor): Promise<void> {
  const conn = db ?? (await getDb());
  await conn.transaction(async (tx) => {
    const [before] = await tx
      .select({ id: accounts.id, name: accounts.name, plan: accounts.plan })
      .from(accounts)
      .where(eq(accounts.id, accountId))
      .for("update");
    if (!before) throw notFound("Account");
    await tx.update(accounts).set({ plan }).where(eq(accounts.id, accountId));
    if (audit) await recordPlanChange(tx, before, audit, plan);
  });
}

/** The one shape of `account.plan_changed`, for the CLI and the settings form. */
export async function recordPlanChange(
  tx: DbOrTx,
  before: { id: string; name: string; plan: Plan },
  audit: AuditActor,
  plan: Plan,
): Promise<void> {
  if (before.plan === plan) return;
  await recordAudit(tx, before.id, audit, {
    action: "account.plan_changed",
    target: { type: "account", id: before.id, label: before.name },
    changes: { plan: [before.plan, plan] },
  });
}
