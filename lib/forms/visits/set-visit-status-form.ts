import { errorState } from "@/lib/ui/form-errors";
import type { FormState } from "@/lib/ui/form-state";
import type { Member } from "@/lib/users/get-member";
import { setVisitStatus } from "@/lib/visits/set-visit-status";
import { VISIT_STATUS_LABELS, visitOutcomeSchema } from "@/lib/visits/visit-outcome";
import { userActor } from "@/lib/forms/user-actor";

// "Mark completed / cancelled / no-show" on the visits page and the lead page.
export async function setVisitStatusForm(member: Member, formData: FormData): Promise<FormState> {
  const status = visitOutcomeSchema.safeParse(formData.get("status"));
  if (!status.success) return { status: "error", message: "Choose completed, cancelled or no-show." };
  try {
    await setVisitStatus(member.accountId, String(formData.get("visitId") ?? ""), status.data, userActor(member));
  } catch (error) {
    return errorState(error);
  }
  return { status: "success", message: `Visit marked ${VISIT_STATUS_LABELS[status.data].toLowerCase()}.` };
}
