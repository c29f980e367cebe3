import { eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/db/client";
import { accounts, type Account } from "@/db/schema";
import { notFound } from "@/lib/errors/api-error";

/** An account as the services read it (the pages take this type, never a table's). */
export type { Account };

export async function getAccountOrThrow(accountId: string, db?: DbOrTx): Promise<Account> {
  const conn = db ?? (await getDb());
  const [account] = await conn.select().from(accounts).where(eq(accounts.id, accountId)).limit(1);
  if (!account) throw notFound("Account");
  return account;
}
