import { z } from "zod";
import { getPublicLeadOrThrow } from "@/lib/leads/get-lead-or-throw";
import { simulateInboundSms } from "@/lib/sms/simulate-inbound-sms";
import { errorState, formValues } from "@/app/_forms/form-errors";
import type { FormState } from "@/components/ui/form-state";
import type { Member } from "@/lib/users/get-member";

const replySchema = z.object({
  body: z.string().trim().min(1, "Write the reply first.").max(1600, "At most 1,600 characters."),
});

// The lead page's "Simulate reply" (log provider only): the lead's phone texts the account, as
// Twilio's inbound webhook would deliver it.
export async function simulateReplyForm(member: Member, formData: FormData): Promise<FormState> {
  const values = formValues(formData);
  const parsed = replySchema.safeParse({ body: values.body ?? "" });
  if (!parsed.success) return errorState(parsed.error, values);
  try {
    const lead = await getPublicLeadOrThrow(member.accountId, String(formData.get("leadId") ?? ""));
    if (!lead.phone) return { status: "error", message: "This lead has no phone number to reply from.", values };
    await simulateInboundSms(member.accountId, lead.phone, parsed.data.body);
  } catch (error) {
    return errorState(error, values);
  }
  return { status: "success" };
}
