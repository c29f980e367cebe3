import { getAccountOrThrow } from "@/lib/accounts/get-account";
import { userActor } from "@/lib/activities/user-actor";
import { updateLead } from "@/lib/leads/update-lead";
import { LEAD_STATUS_LABELS } from "@/lib/leads/lead-labels";
import { leadUpdateSchema } from "@/lib/schemas/leads";
import { errorState } from "@/app/_forms/form-errors";
import type { FormState } from "@/components/ui/form-state";
import type { Member } from "@/lib/users/get-member";

// The lead page header's in-place changes: one field, saved as soon as it is picked. The same
// schema and service as PATCH /api/v1/leads/:id, so a status change writes lead_status_changed
// and lead.status_changed (an owner change lead_updated and lead.updated) in one transaction.
// Another account's lead is "not found", as in the API.

async function saveOne(member: Member, formData: FormData, input: unknown, done: string): Promise<FormState> {
  // Only a hand-made request fails here: the selects offer the schema's values.
  const parsed = leadUpdateSchema.safeParse(input);
  if (!parsed.success) return { status: "error", message: "That value cannot be saved." };
  try {
    const account = await getAccountOrThrow(member.accountId);
    await updateLead(
      { accountId: member.accountId, defaultCountry: account.defaultCountry },
      String(formData.get("leadId") ?? ""),
      parsed.data,
      userActor(member),
    );
  } catch (error) {
    // One field, so its own message ("…is not a member of this account") rather than the
    // form's "correct the fields marked below", which marks nothing here.
    const refused = errorState(error);
    return { status: "error", message: Object.values(refused.fieldErrors ?? {})[0] ?? refused.message };
  }
  return { status: "success", message: done };
}

/** The header's status select. */
export function changeLeadStatusForm(member: Member, formData: FormData): Promise<FormState> {
  const status = String(formData.get("status") ?? "");
  const label = LEAD_STATUS_LABELS[status as keyof typeof LEAD_STATUS_LABELS];
  return saveOne(member, formData, { status }, `Status set to ${label ?? status}.`);
}

/** The header's owner select: "" is unassigned. */
export function changeLeadOwnerForm(member: Member, formData: FormData): Promise<FormState> {
  const assignedTo = String(formData.get("assignedTo") ?? "") || null;
  return saveOne(member, formData, { assignedTo }, assignedTo ? "Owner changed." : "Lead unassigned.");
}
