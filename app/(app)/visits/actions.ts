"use server";

import { formAction } from "@/app/_forms/form-action";
import { userActor } from "@/lib/activities/user-actor";
import { visitCreateSchema, visitRescheduleSchema } from "@/lib/schemas/visits";
import { createVisit } from "@/lib/visits/create-visit";
import { rescheduleVisit } from "@/lib/visits/reschedule-visit";
import { setVisitStatus } from "@/lib/visits/set-visit-status";
import { memberOverrideCaller } from "@/lib/visits/visit-conflicts";
import { VISIT_STATUS_LABELS, visitOutcomeSchema } from "@/lib/visits/visit-outcome";
import { visitConflictState } from "./visit-conflict-state";
import { visitInputFromForm } from "./visit-form-input";

// Visits are shown on the visits page, the visit page and the lead and property pages, so a
// change refreshes every page. Times are typed in the viewer's zone (visit-form-input.ts).

const visitIdOf = (formData: FormData) => String(formData.get("visitId") ?? "");

// Mark a visit completed, cancelled or no-show (writes the lead's activity).
export const setVisitStatusAction = formAction({ revalidate: ["/"] }, async ({ member, formData }) => {
  const status = visitOutcomeSchema.safeParse(formData.get("status"));
  if (!status.success) return { status: "error", message: "Choose completed, cancelled or no-show." };
  await setVisitStatus(member.accountId, visitIdOf(formData), status.data, userActor(member));
  return { status: "success", message: `Visit marked ${VISIT_STATUS_LABELS[status.data].toLowerCase()}.` };
});

// "Book a visit" (lead page, visits page): the same schema and service as POST /api/v1/visits,
// so the same visit_scheduled activity and visit.created event. Then the new visit's own page.
// A time that overlaps another visit of the agent is refused in words, with a link to it; an
// owner may tick "Book anyway" (audited), as a Full access key may send allowConflict.
export const bookVisitAction = formAction(
  {
    schema: visitCreateSchema,
    input: (formData, member) => visitInputFromForm(formData, member.timeZone),
    revalidate: ["/"],
    redirect: (state) =>
      state.status === "success" && state.visitId ? `/visits/${state.visitId}?notice=booked` : undefined,
  },
  async ({ member, input, origin, values }) => {
    try {
      const visit = await createVisit(member.accountId, input, userActor(member), memberOverrideCaller(member, origin));
      return { status: "success", message: "Visit booked.", visitId: visit.id };
    } catch (error) {
      const conflict = visitConflictState(error, member.timeZone, values, member.role === "owner");
      if (conflict) return conflict;
      throw error;
    }
  },
);

// The visit page's "Reschedule": time, length, agent and notes of a scheduled visit. Stays on the
// page, which shows the new time.
export const rescheduleVisitAction = formAction(
  {
    schema: visitRescheduleSchema,
    input: (formData, member) => visitInputFromForm(formData, member.timeZone),
    revalidate: ["/"],
  },
  async ({ member, input, formData, origin, values }) => {
    const visitId = visitIdOf(formData);
    try {
      await rescheduleVisit(member.accountId, visitId, input, userActor(member), memberOverrideCaller(member, origin));
      return { status: "success", message: "Visit rescheduled.", visitId };
    } catch (error) {
      const conflict = visitConflictState(error, member.timeZone, values, member.role === "owner");
      if (conflict) return conflict;
      throw error;
    }
  },
);
