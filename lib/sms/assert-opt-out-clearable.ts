import type { Lead } from "@/db/schema";
import { ApiError } from "@/lib/errors/api-error";

// Carrier rules (CTIA) and the TCPA: an opt-out the lead sent (STOP) stands until the lead sends
// START. Staff and integrators may opt a lead out, and clear an opt-out they set, but not this one.
export function assertOptOutClearable(lead: Lead, input: { smsOptOut?: boolean }): void {
  if (input.smsOptOut === false && lead.smsOptOutByRecipient)
    throw new ApiError(
      "opt_out_by_recipient",
      "This lead opted out of SMS by replying STOP. Only the lead can opt back in, by texting START to your number.",
    );
}
