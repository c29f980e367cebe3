import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
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

/** The accounts a STOP or START from `phone` holds for: the one it was routed to and, on the shared
 * number, every other account that texted the phone from it (carriers and Twilio block or unblock
 * the whole number for the phone, so each of those conversations ended, or may resume, with it).
 * The routed account comes first. */
export async function accountsReachedByKeyword(
  db: DbOrTx,
  routed: { accountId: string; phone: string; sender: string },
): Promise<string[]> {
  const { accountId, phone, sender } = routed;
  if (sender !== SHARED_SENDER) return [accountId];
  const others = (await accountsThatTextedFromSharedNumber(db, phone)).filter((id) => id !== accountId);
  return [accountId, ...others.sort()];
}

interface KeywordFromNumber {
  /** accountsReachedByKeyword: the routed account first. */
  reached: string[];
  phone: string;
  sender: string;
  keyword: SmsKeyword;
  /** The inbound message, in the routed account. */
  smsId: string;
}

// What STOP or START does to the number's opt-out, in the transaction that stores the message,
// for every account it reached: STOP opts the phone out of each, START lifts each one's opt-out
// (and no other: an opt-out the phone gave another of our numbers stands). The routed account's
// row names the message; the others' do not, since it belongs to another account. HELP changes
// nothing.
export async function applyNumberKeyword(tx: DbOrTx, from: KeywordFromNumber): Promise<void> {
  const { reached, phone, sender, keyword, smsId } = from;
  if (keyword.action === "opt_in") {
    await tx
      .delete(smsOptOuts)
      .where(and(inArray(smsOptOuts.accountId, reached), eq(smsOptOuts.phone, phone), eq(smsOptOuts.sender, sender)));
    return;
  }
  if (keyword.action !== "opt_out") return;
  await tx
    .insert(smsOptOuts)
    .values(
      reached.map((accountId, i) => ({
        accountId,
        phone,
        sender,
        smsId: i === 0 ? smsId : null,
        keyword: keyword.keyword,
      })),
    )
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
