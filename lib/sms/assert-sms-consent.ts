import type { Account, Lead } from "@/db/schema";
import { ApiError } from "@/lib/errors/api-error";

/** Why this lead may not be texted for lack of consent, or null when it may. Shared by the send
 * (a 422) and the lead page (the send button's reason). */
export function smsConsentRefusal(
  account: Pick<Account, "requireSmsConsent">,
  lead: Pick<Lead, "consent">,
): string | null {
  const { sms } = lead.consent;
  // A revocation is the lead's "no": the TCPA has it honoured whatever the account's setting.
  if (sms.status === "revoked")
    return `This lead revoked SMS consent${sms.source ? ` (${sms.source})` : ""}. Record their consent again (consent.sms.status: granted) only if they gave it.`;
  // The account's "Require SMS consent before texting" (default off): only a lead whose consent
  // record says `granted` can be texted, so every text can be traced to an opt-in.
  if (account.requireSmsConsent && sms.status !== "granted")
    return "This account requires SMS consent before texting, and this lead has not granted it. Record their consent (consent.sms.status: granted) first.";
  return null;
}

export function assertSmsConsent(account: Pick<Account, "requireSmsConsent">, lead: Pick<Lead, "consent">): void {
  const refusal = smsConsentRefusal(account, lead);
  if (refusal) throw new ApiError("consent_required", refusal);
}
