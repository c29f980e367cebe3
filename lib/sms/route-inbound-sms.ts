import { and, desc, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { accounts, smsMessages } from "@/db/schema";

// Which account an inbound message belongs to. The installation has one Twilio account; an
// agency may have its own number on it (accounts.smsNumber, set by the operator):
// 1. `To` is an account's own number → that account;
// 2. else (`To` is the shared number): the account that last texted the sender from the shared
//    number — the message is a reply to that conversation;
// 3. else, when the installation has a single account → that account (a one-agency install
//    needs no setup);
// 4. else nobody: the caller logs it and stores nothing (no account can be guessed safely).
// The local `log` provider and the CLI name the account instead, and skip this.
export async function routeInboundSms(db: DbOrTx, message: { to: string; from: string }): Promise<string | null> {
  const [owner] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.smsNumber, message.to))
    .limit(1);
  if (owner) return owner.id;
  const [lastTexted] = await db
    .select({ accountId: smsMessages.accountId })
    .from(smsMessages)
    .innerJoin(accounts, and(eq(accounts.id, smsMessages.accountId), isNull(accounts.smsNumber)))
    .where(and(eq(smsMessages.to, message.from), eq(smsMessages.direction, "outbound")))
    .orderBy(desc(smsMessages.createdAt))
    .limit(1);
  if (lastTexted) return lastTexted.accountId;
  const only = await db.select({ id: accounts.id }).from(accounts).limit(2);
  return only.length === 1 ? only[0].id : null;
}
