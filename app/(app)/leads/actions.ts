"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { requireMember } from "@/lib/auth/get-current-member";
import { restoreLeadForm } from "@/lib/forms/leads/lead-action-forms";
import { createLeadForm, type LeadFormState } from "@/lib/forms/leads/save-lead-form";
import type { FormState } from "@/lib/ui/form-state";

// Server actions are thin: the signed-in member from the session, then a form handler in
// lib/forms that does the work (and that the integration tests call directly).

// Restore a deleted lead (owners only, checked by the service), then open it.
export async function restoreLeadAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const state = await restoreLeadForm(await requireMember(), formData);
  if (state.status !== "success") return state;
  revalidatePath("/leads");
  redirect(`/leads/${encodeURIComponent(String(formData.get("leadId")))}?notice=restored`);
}

// "New lead", then its page.
export async function createLeadAction(_previous: LeadFormState, formData: FormData): Promise<LeadFormState> {
  const state = await createLeadForm(await requireMember(), formData);
  if (state.status !== "success" || !state.leadId) return state;
  revalidatePath("/leads");
  redirect(`/leads/${state.leadId}?notice=created`);
}
