import { getAccountOrThrow } from "@/lib/accounts/get-account";
import { createLead } from "@/lib/leads/create-lead";
import { updateLead } from "@/lib/leads/update-lead";
import { leadCreateSchema, leadUpdateSchema } from "@/lib/schemas/leads";
import { errorState, formValues } from "@/app/_forms/form-errors";
import { invalidForm, parseFormInput } from "@/app/_forms/parse-form-input";
import type { FormState } from "@/components/ui/form-state";
import type { Member } from "@/lib/users/get-member";
import { userActor } from "@/lib/activities/user-actor";
import { leadInputFromForm } from "./lead-form-input";

export type LeadFormState = FormState & { leadId?: string };

// The lead page's "Save": the same schema and service as PATCH /api/v1/leads/:id, the
// signed-in person as actor. Another account's lead id is "not found", as in the API.
export async function updateLeadForm(member: Member, formData: FormData): Promise<LeadFormState> {
  const values = formValues(formData);
  const leadId = String(formData.get("leadId") ?? "");
  const parsed = parseFormInput(leadUpdateSchema, leadInputFromForm(formData));
  if (!parsed.data) return invalidForm(parsed.fieldErrors, values);
  try {
    const account = await getAccountOrThrow(member.accountId);
    await updateLead(
      { accountId: member.accountId, defaultCountry: account.defaultCountry },
      leadId,
      parsed.data,
      userActor(member),
    );
  } catch (error) {
    return errorState(error, values);
  }
  return { status: "success", message: "Lead saved.", leadId };
}

// "New lead": the same schema and service as POST /api/v1/leads.
export async function createLeadForm(member: Member, formData: FormData): Promise<LeadFormState> {
  const values = formValues(formData);
  const parsed = parseFormInput(leadCreateSchema, leadInputFromForm(formData));
  if (!parsed.data) return invalidForm(parsed.fieldErrors, values);
  try {
    const account = await getAccountOrThrow(member.accountId);
    const lead = await createLead(
      { accountId: member.accountId, defaultCountry: account.defaultCountry },
      parsed.data,
      userActor(member),
    );
    return { status: "success", message: "Lead created.", leadId: lead.id };
  } catch (error) {
    return errorState(error, values);
  }
}
