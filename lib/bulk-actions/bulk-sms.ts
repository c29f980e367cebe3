import { and, eq, inArray } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { smsOptOuts, type Account, type Lead } from "@/db/schema";
import type { Actor } from "@/lib/activities/record-activity";
import { smsConsentRefusal } from "@/lib/sms/assert-sms-consent";
import { leadTimeZones } from "@/lib/sms/quiet-hours/lead-time-zones";
import { nextWindowOpening } from "@/lib/sms/quiet-hours/quiet-hours-window";
import { scheduleSmsIn } from "@/lib/sms/quiet-hours/schedule-sms";
import { senderOf } from "@/lib/sms/sms-sender";

// A bulk text to one batch of leads, in the batch's transaction. Only a lead with a phone, no STOP
// (its own flag or its number's) and SMS consent granted is texted: a text to many people at once
// is the marketing the TCPA asks a recorded opt-in for, whatever the account's own setting. Each
// message is stored as scheduled with its job (lib/sms/quiet-hours/schedule-sms.ts): now, or when
// the lead's quiet hours end; the send-scheduled-sms worker sends it and checks the lead again. So
// the bulk job itself never calls the provider: a batch rolled back leaves no message, and a
// committed one is sent exactly once.

export type BulkSmsOutcome = "sent" | "scheduled" | "no_phone" | "opted_out" | "no_consent";

type SmsAccount = Pick<Account, "id" | "smsNumber" | "timezone" | "smsQuietHours" | "requireSmsConsent">;

/** The batch's phones that replied STOP to the account's number: one read for the batch. */
async function optedOutPhones(tx: Tx, account: SmsAccount, batch: Lead[]): Promise<Set<string>> {
  const phones = batch.flatMap((lead) => (lead.phone ? [lead.phone] : []));
  if (phones.length === 0) return new Set();
  const rows = await tx
    .select({ phone: smsOptOuts.phone })
    .from(smsOptOuts)
    .where(
      and(
        eq(smsOptOuts.accountId, account.id),
        eq(smsOptOuts.sender, senderOf(account)),
        inArray(smsOptOuts.phone, phones),
      ),
    );
  return new Set(rows.map((row) => row.phone));
}

export async function textBatch(
  tx: Tx,
  account: SmsAccount,
  batch: Lead[],
  message: string,
  actor: Actor,
): Promise<BulkSmsOutcome[]> {
  const stopped = await optedOutPhones(tx, account, batch);
  const now = new Date();
  const outcomes: BulkSmsOutcome[] = [];
  for (const lead of batch) {
    if (!lead.phone) outcomes.push("no_phone");
    else if (lead.smsOptOut || stopped.has(lead.phone)) outcomes.push("opted_out");
    else if (lead.consent.sms.status !== "granted" || smsConsentRefusal(account, lead)) outcomes.push("no_consent");
    else {
      const { zones } = await leadTimeZones(lead, account.timezone);
      const opening = account.smsQuietHours ? nextWindowOpening(now, zones) : null;
      const sms = { accountId: account.id, leadId: lead.id, to: lead.phone, message, sendAt: opening ?? now };
      await scheduleSmsIn(tx, sms, actor);
      outcomes.push(opening ? "scheduled" : "sent");
    }
  }
  return outcomes;
}
