"use server";

import { revalidatePath } from "next/cache";
import { requireMember } from "@/lib/auth/get-current-member";
import { recordConsentForm } from "@/lib/forms/leads/record-consent-form";
import type { FormState } from "@/lib/ui/form-state";

// The consent panel's action: the record, then a refresh of the page (the panel, the send
// button's reason and the timeline all change).
export async function recordConsentAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const state = await recordConsentForm(await requireMember(), formData);
  if (state.status === "success") {
    revalidatePath(`/leads/${String(formData.get("leadId") ?? "")}`);
    revalidatePath("/leads");
  }
  return state;
}
