import { DateTime } from "luxon";
import { z } from "zod";
import { getAccountOrThrow } from "@/lib/accounts/get-account";
import { updateLead } from "@/lib/leads/update-lead";
import { leadConsentInput } from "@/lib/schemas/lead-consent";
import { errorState, formValues } from "@/app/_forms/form-errors";
import type { FormState } from "@/components/ui/form-state";
import type { Member } from "@/lib/users/get-member";
import { userActor } from "@/lib/activities/user-actor";

// The lead page's "Record consent": staff write down a consent given or withdrawn by phone, on
// paper or in person, through the same service (and rules) as PATCH /leads/:id's `consent`.

const LOCAL_MINUTE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** The form's "When" (a datetime-local, in the viewer's zone) as ISO UTC; empty is now. */
function whenOf(value: string, zone: string): string | null | "invalid" {
  if (!value) return null;
  if (!LOCAL_MINUTE.test(value)) return "invalid";
  const at = DateTime.fromISO(value, { zone });
  return at.isValid ? at.toUTC().toISO() : "invalid";
}

export async function recordConsentForm(member: Member, formData: FormData): Promise<FormState> {
  const values = formValues(formData);
  const account = await getAccountOrThrow(member.accountId);
  const at = whenOf(values["sms.at"] ?? "", member.timeZone);
  if (at === "invalid")
    return errorState(
      new z.ZodError([
        { code: "custom", path: ["sms", "at"], message: "Pick a date and time", input: values["sms.at"] },
      ]),
      values,
    );
  const parsed = leadConsentInput.safeParse({
    sms: {
      status: values["sms.status"],
      at,
      source: values["sms.source"]?.trim() || null,
      text: values["sms.text"]?.trim() || null,
    },
  });
  if (!parsed.success) return errorState(parsed.error, values);
  try {
    await updateLead(
      { accountId: member.accountId, defaultCountry: account.defaultCountry },
      String(formData.get("leadId") ?? ""),
      { consent: parsed.data },
      userActor(member),
    );
  } catch (error) {
    return errorState(error, values);
  }
  return {
    status: "success",
    message: parsed.data.sms.status === "granted" ? "Consent recorded." : "Withdrawal of consent recorded.",
  };
}
