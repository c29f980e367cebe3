import { type Plan } from "@/lib/domain/enums";
import { eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/db/client";
import { accounts } from "@/db/schema";
import { notFound } from "@/lib/errors/api-error";

export async function setAccountPlan(accountId: string, plan: Plan, db?: DbOrTx): Promise<void> {
  const conn = db ?? (await getDb());
  const updated = await conn
    .update(accounts)
    .set({ plan })
    .where(eq(accounts.id, accountId))
    .returning({ id: accounts.id });
  if (updated.length === 0) throw notFound("Account");
}
