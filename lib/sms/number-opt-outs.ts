import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { accounts, smsMessages, smsOptOuts } from "@/db/schema";
import { SHARED_SENDER, senderOf } from "./sms-sender";
import type { SmsKeyword } from "./sms-keywords";

/** Whether the number replied STOP to this account's sending number (and has not sent START
 * since): checked at send, at scheduling and at the scheduled send, whatever lead holds it. */
export async function isNumberOptedOut(db: DbOrTx, accountId: string, phone: string, sender: string): Promise<boolean> {
  const [row] = await db
    .select({ phone: smsOptOuts.phone })
    .from(smsOptOuts)
    .where(and(eq(smsOptOuts.accountId, accountId), eq(smsOptOuts.phone, phone), eq(smsOptOuts.sender, sender)))
    .limit(1);
  return row !== undefined;
}

/** The same, for the number the account texts from now (its own, else the shared one). */
export async function isNumberOptedOutForAccount(db: DbOrTx, accountId: string, phone: string): Promise<boolean> {
  const [account] = await db.select({ smsNumber: accounts.smsNumber }).from(accounts).where(eq(accounts.id, accountId));
  return account !== undefined && isNumberOptedOut(db, accountId, phone, senderOf(account));
}

/** The accounts that texted `phone` from the shared number: messages handed to the provider (they
 * have its message id), never scheduled, cancelled or refused ones. */
async function accountsThatTextedFromSharedNumber(db: DbOrTx, phone: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ accountId: smsMessages.accountId })
    .from(smsMessages)
    .innerJoin(accounts, and(eq(accounts.id, smsMessages.accountId), isNull(accounts.smsNumber)))
    .where(
      and(eq(smsMessages.to, phone), eq(smsMessages.direction, "outbound"), isNotNull(smsMessages.providerMessageId)),
    );
  return rows.map((r) => r.accountId);
}

interface KeywordFromNumber {
  /** The account the message was routed to. */
  accountId: string;
  phone: string;
  sender: string;
  keyword: SmsKeyword;
  smsId: string;
}

// What STOP or START does to the number's opt-out, in the transaction that stores the message.
// STOP: this account, and on the shared number every other account that texted the phone from it
// (carriers and Twilio block the whole number for the phone, so each of those conversations ended).
// START lifts this account's only: the others' stand (a START answers one conversation; it is not
// taken as consent to hear again from every agency on the number). HELP changes nothing.
export async function applyNumberKeyword(tx: DbOrTx, from: KeywordFromNumber): Promise<void> {
  const { accountId, phone, sender, keyword, smsId } = from;
  if (keyword.action === "opt_in") {
    await tx
      .delete(smsOptOuts)
      .where(and(eq(smsOptOuts.accountId, accountId), eq(smsOptOuts.phone, phone), eq(smsOptOuts.sender, sender)));
    return;
  }
  if (keyword.action !== "opt_out") return;
  const others =
    sender === SHARED_SENDER
      ? (await accountsThatTextedFromSharedNumber(tx, phone)).filter((id) => id !== accountId)
      : [];
  await tx
    .insert(smsOptOuts)
    .values([
      { accountId, phone, sender, smsId, keyword: keyword.keyword },
      ...others.map((other) => ({ accountId: other, phone, sender, smsId: null, keyword: keyword.keyword })),
    ])
    .onConflictDoNothing();
}

/** When the account's sending number changes (the operator's setting), its opt-outs follow it: a
 * STOP was said to the agency, and a new number must not make the phone textable again. The old
 * rows stay, should the account go back. */
export async function carryOptOutsToSender(tx: DbOrTx, accountId: string, from: string, to: string): Promise<void> {
  if (from === to) return;
  await tx
    .insert(smsOptOuts)
    .select(
      tx
        .select({
          accountId: smsOptOuts.accountId,
          phone: smsOptOuts.phone,
          sender: sql<string>`${to}::text`.as("sender"),
          smsId: smsOptOuts.smsId,
          keyword: smsOptOuts.keyword,
          createdAt: smsOptOuts.createdAt,
        })
        .from(smsOptOuts)
        .where(and(eq(smsOptOuts.accountId, accountId), eq(smsOptOuts.sender, from))),
    )
    .onConflictDoNothing();
}
