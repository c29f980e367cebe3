import type { LeadConsent, SmsConsent } from "@/lib/domain/enums";
import type { LeadConsentInput } from "@/lib/schemas/lead-consent";

/** What a lead's consent record is until someone records one. */
export const UNKNOWN_CONSENT: LeadConsent = {
  sms: { status: "unknown", at: null, source: null, text: null, ip: null },
};

const sameWithoutTime = (a: SmsConsent, b: SmsConsent) =>
  a.status === b.status && a.source === b.source && a.text === b.text && a.ip === b.ip;

/**
 * The record to store for a consent sent through the API, the intake or the UI, or undefined
 * when it changes nothing: the same status, source, words and address with no time of its own is
 * the record already kept (resending a form must not rewrite when the lead agreed). A record
 * with no `at` is dated now.
 */
export function consentRecordOf(
  input: LeadConsentInput | undefined,
  previous: LeadConsent,
  now: Date = new Date(),
): LeadConsent | undefined {
  if (!input) return undefined;
  const sent = input.sms;
  const record: SmsConsent = {
    status: sent.status,
    at: sent.status === "unknown" ? null : new Date(sent.at ?? now).toISOString(),
    source: sent.source ?? null,
    text: sent.text ?? null,
    ip: sent.ip ?? null,
  };
  const unchanged = sameWithoutTime(record, previous.sms) && (sent.at == null || record.at === previous.sms.at);
  return unchanged ? undefined : { sms: record };
}
