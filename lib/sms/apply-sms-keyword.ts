import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { leads, type Lead } from "@/db/schema";
import { recordActivity, type Actor } from "@/lib/activities/record-activity";
import { previousAttributes, recordEvent } from "@/lib/events/record-event";
import { toPublicLead } from "@/lib/leads/public-lead";
import { logger } from "@/lib/log/logger";
import type { LeadConsent } from "@/lib/domain/enums";
import type { SmsKeyword } from "./sms-keywords";

/** Where the keyword reaches a lead: its own conversation (the account the message was routed
 * to), or another account that texted the phone from the shared number (lib/sms/number-opt-outs.ts). */
export type KeywordReach = { conversation: "own"; smsId: string } | { conversation: "shared_number" };

// What a keyword from the lead does, in the transaction that stores the message. STOP sets the
// opt-out as the lead's own (only their START clears it: lib/sms/assert-opt-out-clearable.ts);
// START clears any opt-out, since the lead asked to hear from us again. A keyword that changes
// nothing (STOP twice, YES when not opted out) writes nothing beyond the message itself.
// Through the shared number the keyword also reaches other accounts' leads with that phone. A
// STOP there is a STOP: consent is revoked everywhere it reached. A START there lifts only the
// phone's own opt-out: it answered another agency's conversation, so it grants no consent (TCPA
// consent is per seller) and clears no opt-out the agency's staff set.
export async function applySmsKeyword(
  tx: DbOrTx,
  lead: Lead,
  keyword: SmsKeyword,
  reach: KeywordReach,
  actor: Actor,
): Promise<void> {
  if (keyword.action === "help") {
    // Twilio answers HELP itself (its Advanced Opt-Out); we keep the message and note it here.
    if (reach.conversation === "own")
      logger.info("sms HELP received", { accountId: lead.accountId, leadId: lead.id, smsId: reach.smsId });
    return;
  }
  const own = reach.conversation === "own";
  const optOut = keyword.action === "opt_out";
  const optOutChanges = optOut ? !lead.smsOptOutByRecipient : own ? lead.smsOptOut : lead.smsOptOutByRecipient;
  // The reply is also the consent record: STOP revokes it, and START/UNSTOP/YES grants it, since
  // carrier rules (CTIA) treat a START as a new opt-in by the lead, with the message as its words.
  const consentStatus = optOut ? "revoked" : "granted";
  const consentChanges = (optOut || own) && lead.consent.sms.status !== consentStatus;
  if (!optOutChanges && !consentChanges) return;
  const consent: LeadConsent = consentChanges
    ? {
        sms: {
          status: consentStatus,
          at: new Date().toISOString(),
          source: `SMS reply ${optOut ? "STOP" : "START"}${own ? "" : " on the shared number"}`,
          // The message is the keyword alone (smsKeywordOf), so its normalized form is the text.
          text: keyword.keyword,
          ip: null,
        },
      }
    : lead.consent;
  const [after] = await tx
    .update(leads)
    .set({ ...(optOutChanges && { smsOptOut: optOut, smsOptOutByRecipient: optOut }), consent })
    .where(eq(leads.id, lead.id))
    .returning();
  const target = { accountId: lead.accountId, leadId: lead.id, actor };
  if (optOutChanges)
    await recordActivity(tx, target, {
      kind: optOut ? "sms_opted_out" : "sms_opted_in",
      // Another account's message is not named: its id belongs to that account.
      smsId: own ? reach.smsId : null,
      keyword: keyword.keyword,
    });
  if (consentChanges)
    await recordActivity(tx, target, { kind: "sms_consent_changed", from: lead.consent.sms, to: consent.sms });
  // Staff had already opted the lead out: the public lead is unchanged, so no lead.updated.
  if (lead.smsOptOut === after.smsOptOut && !consentChanges) return;
  const object = toPublicLead(after);
  await recordEvent(tx, lead.accountId, actor, {
    type: "lead.updated",
    object,
    previousAttributes: previousAttributes(toPublicLead(lead), object),
  });
}
