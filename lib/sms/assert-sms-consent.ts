import type { Account, Lead } from "@/db/schema";
import { ApiError } from "@/lib/errors/api-error";

// The account's "Require SMS consent before texting" (default off): when on, only a lead whose
// consent record says `granted` can be texted, so every text can be traced to an opt-in.
export function assertSmsConsent(account: Pick<Account, "requireSmsConsent">, lead: Pick<Lead, "consent">): void {
  if (account.requireSmsConsent && lead.consent.sms.status !== "granted")
    throw new ApiError(
      "consent_required",
      "This account requires SMS consent before texting, and this lead has not granted it. Record their consent (consent.sms.status: granted) first.",
    );
}
