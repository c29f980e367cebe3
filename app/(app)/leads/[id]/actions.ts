"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { requireMember } from "@/lib/auth/get-current-member";
import { addNoteForm, deleteLeadForm } from "@/lib/forms/leads/lead-action-forms";
import { updateLeadForm, type LeadFormState } from "@/lib/forms/leads/save-lead-form";
import { cancelSmsForm } from "@/lib/forms/leads/cancel-sms-form";
import { changeLeadOwnerForm, changeLeadStatusForm } from "@/lib/forms/leads/lead-quick-update-form";
import { sendSmsForm } from "@/lib/forms/leads/send-sms-form";
import { simulateReplyForm } from "@/lib/forms/leads/simulate-reply-form";
import type { FormState } from "@/lib/ui/form-state";

// The lead page's actions: the session's member, then the form handler (lib/forms), then a
// refresh of the page so the timeline shows the new activity.

function refreshLead(formData: FormData) {
  revalidatePath(`/leads/${String(formData.get("leadId") ?? "")}`);
  revalidatePath("/leads");
}

export async function updateLeadAction(_previous: LeadFormState, formData: FormData): Promise<LeadFormState> {
  const state = await updateLeadForm(await requireMember(), formData);
  if (state.status === "success") refreshLead(formData);
  return state;
}

// The header's status and owner selects: saved on change, the timeline refreshed.
export async function changeStatusAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const state = await changeLeadStatusForm(await requireMember(), formData);
  if (state.status === "success") refreshLead(formData);
  return state;
}

export async function changeOwnerAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const state = await changeLeadOwnerForm(await requireMember(), formData);
  if (state.status === "success") refreshLead(formData);
  return state;
}

export async function addNoteAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const state = await addNoteForm(await requireMember(), formData);
  if (state.status === "success") refreshLead(formData);
  return state;
}

// A failed send is kept on the messages page and on the timeline, so refresh after any outcome.
export async function sendSmsAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const state = await sendSmsForm(await requireMember(), formData);
  refreshLead(formData);
  revalidatePath("/messages");
  return state;
}

// "Cancel" on a scheduled message in the thread.
export async function cancelSmsAction(formData: FormData): Promise<void> {
  await cancelSmsForm(await requireMember(), formData);
  refreshLead(formData);
  revalidatePath("/messages");
}

// The log provider's stand-in for a lead's reply (development): the thread, the timeline and the
// opt-out state all change, so refresh the page.
export async function simulateReplyAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const state = await simulateReplyForm(await requireMember(), formData);
  refreshLead(formData);
  revalidatePath("/messages");
  return state;
}

// After the confirm step: soft delete, then back to the list with a notice.
export async function deleteLeadAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const state = await deleteLeadForm(await requireMember(), formData);
  if (state.status !== "success") return state;
  revalidatePath("/leads");
  redirect("/leads?notice=deleted");
}
