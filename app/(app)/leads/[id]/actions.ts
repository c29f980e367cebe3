"use server";

import { formAction } from "@/app/_forms/form-action";
import type { FormState } from "@/components/ui/form-state";
import { cancelSmsForm } from "@/app/(app)/leads/_forms/cancel-sms-form";
import { addNoteForm, deleteLeadForm } from "@/app/(app)/leads/_forms/lead-action-forms";
import { changeLeadOwnerForm, changeLeadStatusForm } from "@/app/(app)/leads/_forms/lead-quick-update-form";
import { recordConsentForm } from "@/app/(app)/leads/_forms/record-consent-form";
import { updateLeadForm } from "@/app/(app)/leads/_forms/save-lead-form";
import { sendSmsForm } from "@/app/(app)/leads/_forms/send-sms-form";
import { simulateReplyForm } from "@/app/(app)/leads/_forms/simulate-reply-form";

// The lead page's actions, each a lead form (../_forms/), then a refresh of the page so the
// timeline shows the new activity.

const leadPages = (_state: unknown, formData: FormData) => [`/leads/${String(formData.get("leadId") ?? "")}`, "/leads"];
const onSuccess = (state: FormState, formData: FormData) =>
  state.status === "success" ? leadPages(state, formData) : [];
// A failed send is kept on the messages page and on the timeline, so these refresh after any outcome.
const withMessages = (state: FormState, formData: FormData) => [...leadPages(state, formData), "/messages"];

export const updateLeadAction = formAction({ revalidate: onSuccess }, ({ member, formData }) =>
  updateLeadForm(member, formData),
);

// The header's status and owner selects: saved on change, the timeline refreshed.
export const changeStatusAction = formAction({ revalidate: onSuccess }, ({ member, formData }) =>
  changeLeadStatusForm(member, formData),
);

export const changeOwnerAction = formAction({ revalidate: onSuccess }, ({ member, formData }) =>
  changeLeadOwnerForm(member, formData),
);

export const addNoteAction = formAction({ revalidate: onSuccess }, ({ member, formData }) =>
  addNoteForm(member, formData),
);

// The consent panel: the panel, the send button's reason and the timeline all change.
export const recordConsentAction = formAction({ revalidate: onSuccess }, ({ member, formData }) =>
  recordConsentForm(member, formData),
);

export const sendSmsAction = formAction({ revalidate: withMessages }, ({ member, formData }) =>
  sendSmsForm(member, formData),
);

// "Cancel" on a scheduled message in the thread. Another account's message, or one that does not
// exist, is the 404 page (cancelSmsForm throws notFound(), which the wrapper passes on).
export const cancelSmsAction = formAction({ plain: true, revalidate: withMessages }, async ({ member, formData }) => {
  await cancelSmsForm(member, formData);
  return { status: "success" };
});

// The log provider's stand-in for a lead's reply (development): the thread, the timeline and the
// opt-out state all change.
export const simulateReplyAction = formAction({ revalidate: withMessages }, ({ member, formData }) =>
  simulateReplyForm(member, formData),
);

// After the confirm step: soft delete, then back to the list with a notice.
export const deleteLeadAction = formAction(
  {
    revalidate: ["/leads"],
    redirect: (state) => (state.status === "success" ? "/leads?notice=deleted" : undefined),
  },
  ({ member, formData }) => deleteLeadForm(member, formData),
);
