"use server";

import { revalidatePath } from "next/cache";
import { requireMember } from "@/lib/auth/get-current-member";
import { setVisitStatusForm } from "@/lib/forms/visits/set-visit-status-form";
import type { FormState } from "@/lib/ui/form-state";

// Mark a visit completed, cancelled or no-show (writes the lead's activity). Used by the
// visits page and by the lead and property pages, so every page showing visits is refreshed.
export async function setVisitStatusAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const state = await setVisitStatusForm(await requireMember(), formData);
  if (state.status === "success") revalidatePath("/", "layout");
  return state;
}
