"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { requireMember } from "@/lib/auth/get-current-member";
import { previewLeadImportForm, startLeadImportForm, type PreviewState } from "@/lib/forms/imports/lead-import-forms";
import type { FormState } from "@/lib/ui/form-state";

// Leads → Import: thin actions over lib/forms/imports (owners and staff alike). The upload itself
// is a route handler (upload/route.ts): a server action's body limit would apply to every action.

// The first rows with the chosen mapping and their validation errors.
export async function previewImportAction(_previous: PreviewState, formData: FormData): Promise<PreviewState> {
  return previewLeadImportForm(await requireMember(), formData);
}

// Start the job, then follow its progress on the same page.
export async function startImportAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const state = await startLeadImportForm(await requireMember(), formData);
  if (state.status !== "success") return state;
  const path = `/leads/import/${encodeURIComponent(String(formData.get("importId")))}`;
  revalidatePath(path);
  redirect(path);
}
