import { ApiError } from "@/lib/errors/api-error";
import { smsCreateSchema } from "@/lib/schemas/sms";
import { sendSmsToLead } from "@/lib/sms/send-sms-to-lead";
import { errorState, formValues } from "@/app/_forms/form-errors";
import type { FormState } from "@/components/ui/form-state";
import type { Member } from "@/lib/users/get-member";
import { userActor } from "@/lib/activities/user-actor";
import { formatInZone } from "@/components/ui/format-date";

// The service's messages are written for API clients; these are for the person at the desk.
const UI_MESSAGES: Partial<Record<ApiError["code"], string>> = {
  lead_has_no_phone: "This lead has no phone number. Add one in the lead's details to send an SMS.",
  lead_opted_out: "This lead opted out of SMS, so no message was sent.",
  sms_provider_error:
    "The SMS provider could not take the message. It is on the Messages page as failed; try again in a few minutes.",
};

// "Send SMS": the same service as POST /api/v1/leads/:id/sms (opt-out, missing phone, the
// provider and the sms_sent / sms_failed activity all behave the same).
export async function sendSmsForm(member: Member, formData: FormData): Promise<FormState> {
  const values = formValues(formData);
  const parsed = smsCreateSchema.safeParse({ message: values.message ?? "" });
  if (!parsed.success) return errorState(parsed.error, values);
  try {
    const sms = await sendSmsToLead(
      member.accountId,
      String(formData.get("leadId") ?? ""),
      parsed.data.message,
      userActor(member),
    );
    return {
      status: "success",
      message:
        sms.status === "scheduled" && sms.sendAt
          ? `Quiet hours for this lead: the SMS to ${sms.to} is scheduled for ${formatInZone(sms.sendAt, member.timeZone)}. Cancel it in the thread until then.`
          : sms.status === "queued"
            ? `SMS to ${sms.to} handed to the provider.`
            : `SMS sent to ${sms.to}.`,
    };
  } catch (error) {
    const friendly = error instanceof ApiError ? UI_MESSAGES[error.code] : undefined;
    // Keep the text after a failure so it can be sent again without retyping.
    return friendly ? { status: "error", message: friendly, values } : errorState(error, values);
  }
}
