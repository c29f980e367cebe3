import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { leads, type Lead } from "@/db/schema";
import { recordActivity, type Actor } from "@/lib/activities/record-activity";
import { previousAttributes, recordEvent } from "@/lib/events/record-event";
import { toPublicLead } from "@/lib/leads/public-lead";
import { logger } from "@/lib/log/logger";
import type { LeadConsent } from "@/lib/domain/enums";
import type { SmsKeyword } from "./sms-keywords";

// What a keyword from the lead does, in the transaction that stores the message. STOP sets the
// opt-out as the lead's own (only their START clears it: lib/sms/assert-opt-out-clearable.ts);
// START clears any opt-out, since the lead asked to hear from us again. A keyword that changes
// nothing (STOP twice, YES when not opted out) writes nothing beyond the message itself.
export async function applySmsKeyword(
  tx: DbOrTx,
  lead: Lead,
  keyword: SmsKeyword,
  smsId: string,
  actor: Actor,
): Promise<void> {
  if (keyword.action === "help") {
    // Twilio answers HELP itself (its Advanced Opt-Out); we keep the message and note it here.
    logger.info("sms HELP received", { accountId: lead.accountId, leadId: lead.id, smsId });
    return;
  }
  const optOut = keyword.action === "opt_out";
  const optOutChanges = !(optOut ? lead.smsOptOutByRecipient : !lead.smsOptOut);
  // The reply is also the consent record: STOP revokes it, and START/UNSTOP/YES grants it, since
  // carrier rules (CTIA) treat a START as a new opt-in by the lead, with the message as its words.
  const consentStatus = optOut ? "revoked" : "granted";
  const consentChanges = lead.consent.sms.status !== consentStatus;
  if (!optOutChanges && !consentChanges) return;
  const consent: LeadConsent = consentChanges
    ? {
        sms: {
          status: consentStatus,
          at: new Date().toISOString(),
          source: optOut ? "SMS reply STOP" : "SMS reply START",
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
      smsId,
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
