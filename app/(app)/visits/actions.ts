"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { requireMember } from "@/lib/auth/get-current-member";
import { setVisitStatusForm } from "@/lib/forms/visits/set-visit-status-form";
import { bookVisitForm, rescheduleVisitForm, type VisitFormState } from "@/lib/forms/visits/visit-forms";
import type { FormState } from "@/lib/ui/form-state";

// Mark a visit completed, cancelled or no-show (writes the lead's activity). Used by the
// visits page, the visit page and the lead and property pages, so every page showing visits
// is refreshed.
export async function setVisitStatusAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const state = await setVisitStatusForm(await requireMember(), formData);
  if (state.status === "success") revalidatePath("/", "layout");
  return state;
}

// "Book a visit" (lead page, visits page): then the new visit's own page.
export async function bookVisitAction(_previous: FormState, formData: FormData): Promise<VisitFormState> {
  const state = await bookVisitForm(await requireMember(), formData);
  if (state.status !== "success" || !state.visitId) return state;
  revalidatePath("/", "layout");
  redirect(`/visits/${state.visitId}?notice=booked`);
}

// The visit page's reschedule form: stays on the page, which shows the new time.
export async function rescheduleVisitAction(_previous: FormState, formData: FormData): Promise<VisitFormState> {
  const state = await rescheduleVisitForm(await requireMember(), formData);
  if (state.status === "success") revalidatePath("/", "layout");
  return state;
}
