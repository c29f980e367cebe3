import type { DbOrTx } from "@/db/client";
import type { Lead } from "@/db/schema";
import { ApiError } from "@/lib/errors/api-error";
import type { LeadConsentInput } from "@/lib/schemas/lead-consent";
import { isNumberOptedOutForAccount } from "./number-opt-outs";

// Carrier rules (CTIA) and the TCPA: an opt-out the lead sent (STOP) stands until the lead sends
// START. Staff and integrators may opt a lead out, and clear an opt-out they set, but not this
// one; nor may they record the lead's consent as granted over it.
export function assertOptOutClearable(
  lead: Pick<Lead, "smsOptOutByRecipient">,
  input: { smsOptOut?: boolean; consent?: LeadConsentInput },
): void {
  if (!lead.smsOptOutByRecipient) return;
  if (input.smsOptOut === false)
    throw new ApiError(
      "opt_out_by_recipient",
      "This lead opted out of SMS by replying STOP. Only the lead can opt back in, by texting START to your number.",
    );
  if (input.consent?.sms.status === "granted")
    throw new ApiError(
      "opt_out_by_recipient",
      "This lead withdrew SMS consent by replying STOP. Only the lead can grant it again, by texting START to your number.",
    );
}

/** The same rule for the number's own STOP, which a new lead with that phone inherits
 * (lib/sms/number-opt-outs.ts): no one but the recipient clears it, nor grants consent over it. */
export async function assertNumberOptOutClearable(tx: DbOrTx, accountId: string, phone: string): Promise<void> {
  if (await isNumberOptedOutForAccount(tx, accountId, phone))
    throw new ApiError(
      "opt_out_by_recipient",
      "This phone number opted out of SMS by replying STOP. Only the recipient can opt back in, by texting START to your number.",
    );
}
