"use server";

import { formAction } from "@/app/_forms/form-action";
import { restoreLeadForm } from "@/app/(app)/leads/_forms/lead-action-forms";
import { createLeadForm } from "@/app/(app)/leads/_forms/save-lead-form";

// The leads list's actions. The lead forms (_forms/) parse with the API's schemas and
// word the service's refusals for the form.

const leadIdOf = (formData: FormData) => encodeURIComponent(String(formData.get("leadId") ?? ""));

// Restore a deleted lead (owners only, checked by the service), then open it.
export const restoreLeadAction = formAction(
  {
    revalidate: ["/leads"],
    redirect: (state, formData) =>
      state.status === "success" ? `/leads/${leadIdOf(formData)}?notice=restored` : undefined,
  },
  ({ member, formData }) => restoreLeadForm(member, formData),
);

// "New lead", then its page.
export const createLeadAction = formAction(
  {
    revalidate: ["/leads"],
    redirect: (state) =>
      state.status === "success" && state.leadId ? `/leads/${state.leadId}?notice=created` : undefined,
  },
  ({ member, formData }) => createLeadForm(member, formData),
);
