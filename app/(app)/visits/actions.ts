"use server";

import { formAction } from "@/app/_forms/form-action";
import { userActor } from "@/lib/activities/user-actor";
import { visitCreateSchema, visitRescheduleSchema } from "@/lib/schemas/visits";
import { createVisit } from "@/lib/visits/create-visit";
import { rescheduleVisit } from "@/lib/visits/reschedule-visit";
import { setVisitStatus } from "@/lib/visits/set-visit-status";
import { VISIT_STATUS_LABELS, visitOutcomeSchema } from "@/lib/visits/visit-outcome";
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
export const bookVisitAction = formAction(
  {
    schema: visitCreateSchema,
    input: (formData, member) => visitInputFromForm(formData, member.timeZone),
    revalidate: ["/"],
    redirect: (state) =>
      state.status === "success" && state.visitId ? `/visits/${state.visitId}?notice=booked` : undefined,
  },
  async ({ member, input }) => {
    const visit = await createVisit(member.accountId, input, userActor(member));
    return { status: "success", message: "Visit booked.", visitId: visit.id };
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
  async ({ member, input, formData }) => {
    const visitId = visitIdOf(formData);
    await rescheduleVisit(member.accountId, visitId, input, userActor(member));
    return { status: "success", message: "Visit rescheduled.", visitId };
  },
);
