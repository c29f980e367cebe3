import { invalidForm, parseFormInput } from "@/lib/forms/parse-form-input";
import { userActor } from "@/lib/forms/user-actor";
import { visitCreateSchema, visitRescheduleSchema } from "@/lib/schemas/visits";
import { errorState, formValues } from "@/lib/ui/form-errors";
import type { FormState } from "@/lib/ui/form-state";
import type { Member } from "@/lib/users/get-member";
import { createVisit } from "@/lib/visits/create-visit";
import { rescheduleVisit } from "@/lib/visits/reschedule-visit";
import { visitInputFromForm } from "./visit-form-input";

export type VisitFormState = FormState & { visitId?: string };

// "Book a visit" (lead page, visits page): the same schema and service as POST /api/v1/visits,
// so the same visit_scheduled activity and visit.created event; times typed in the viewer's zone.
export async function bookVisitForm(member: Member, formData: FormData): Promise<VisitFormState> {
  const values = formValues(formData);
  const parsed = parseFormInput(visitCreateSchema, visitInputFromForm(formData, member.timeZone));
  if (!parsed.data) return invalidForm(parsed.fieldErrors, values);
  try {
    const visit = await createVisit(member.accountId, parsed.data, userActor(member));
    return { status: "success", message: "Visit booked.", visitId: visit.id };
  } catch (error) {
    return errorState(error, values);
  }
}

// The visit page's "Reschedule": time, length, agent and notes of a scheduled visit.
export async function rescheduleVisitForm(member: Member, formData: FormData): Promise<VisitFormState> {
  const values = formValues(formData);
  const visitId = String(formData.get("visitId") ?? "");
  const parsed = parseFormInput(visitRescheduleSchema, visitInputFromForm(formData, member.timeZone));
  if (!parsed.data) return invalidForm(parsed.fieldErrors, values);
  try {
    await rescheduleVisit(member.accountId, visitId, parsed.data, userActor(member));
    return { status: "success", message: "Visit rescheduled.", visitId };
  } catch (error) {
    return errorState(error, values);
  }
}
