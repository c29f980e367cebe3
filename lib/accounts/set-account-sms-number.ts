import { and, eq, ne } from "drizzle-orm";
import { getDb } from "@/db/client";
import { accounts } from "@/db/schema";
import { recordAudit, type AuditActor } from "@/lib/audit/record-audit";
import { ApiError, notFound } from "@/lib/errors/api-error";
import { normalizePhone } from "@/lib/phone/normalize-phone";
import { carryOptOutsToSender } from "@/lib/sms/number-opt-outs";
import { senderOf } from "@/lib/sms/sms-sender";

/** Gives the account its own number on the installation's Twilio account (null: back to the
 * shared number). The operator's job (CLI), never an owner's: a number decides whose inbound
 * messages an account reads (lib/sms/route-inbound-sms.ts). The account's opt-outs (STOP) are
 * carried over to the new number. */
export async function setAccountSmsNumber(
  accountId: string,
  number: string | null,
  audit: AuditActor,
): Promise<{ accountId: string; smsNumber: string | null }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(accounts).where(eq(accounts.id, accountId)).for("update");
    if (!before) throw notFound("Account");
    const smsNumber = normalizePhone(number, before.defaultCountry, "number") ?? null;
    if (smsNumber) {
      const [taken] = await tx
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(eq(accounts.smsNumber, smsNumber), ne(accounts.id, accountId)));
      if (taken) throw new ApiError("conflict", `${smsNumber} is already the SMS number of account ${taken.id}.`);
    }
    if (before.smsNumber === smsNumber) return { accountId, smsNumber };
    await tx.update(accounts).set({ smsNumber }).where(eq(accounts.id, accountId));
    await carryOptOutsToSender(tx, accountId, senderOf(before), senderOf({ smsNumber }));
    await recordAudit(tx, accountId, audit, {
      action: "account.settings_changed",
      target: { type: "account", id: accountId, label: before.name },
      changes: { smsNumber: [before.smsNumber, smsNumber] },
    });
    return { accountId, smsNumber };
  });
}
