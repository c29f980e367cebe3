import { and, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { accounts, smsMessages } from "@/db/schema";

/** When an outbound message went to the provider: a scheduled one at its sendAt, else when it was
 * written (the same expression as the sms_messages_handed_to_idx index). */
const handedAt = sql`coalesce(${smsMessages.sendAt}, ${smsMessages.createdAt})`;

// Which account an inbound message belongs to. The installation has one Twilio account; an
// agency may have its own number on it (accounts.smsNumber, set by the operator):
// 1. `To` is an account's own number → that account;
// 2. else (`To` is the shared number): the account that last texted the sender from the shared
//    number — the message is a reply to that conversation. Only messages handed to the provider
//    count (they carry its message id): a scheduled, cancelled or refused message never reached
//    the phone, so it cannot make another account the one a reply (or a STOP) goes to;
// 3. else, when the installation has a single account → that account (a one-agency install
//    needs no setup);
// 4. else nobody: the caller logs it and stores nothing (no account can be guessed safely).
// A STOP on the shared number opts the phone out for every account that texted it from there, not
// only the one it is routed to (lib/sms/number-opt-outs.ts).
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
    .where(
      and(
        eq(smsMessages.to, message.from),
        eq(smsMessages.direction, "outbound"),
        isNotNull(smsMessages.providerMessageId),
      ),
    )
    .orderBy(desc(handedAt), desc(smsMessages.id))
    .limit(1);
  if (lastTexted) return lastTexted.accountId;
  const only = await db.select({ id: accounts.id }).from(accounts).limit(2);
  return only.length === 1 ? only[0].id : null;
}
