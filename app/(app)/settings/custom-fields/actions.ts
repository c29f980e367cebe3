"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { requireMember } from "@/lib/auth/get-current-member";
import { createCustomFieldForm, deleteCustomFieldForm } from "@/lib/forms/custom-fields/custom-field-forms";
import type { FormState } from "@/lib/ui/form-state";

const PATH = "/settings/custom-fields";

function back(state: FormState): never {
  revalidatePath(PATH);
  const errors = Object.entries(state.fieldErrors ?? {}).map(([field, message]) => `${field}: ${message}`);
  const text = [state.message, ...errors].filter(Boolean).join(" ");
  redirect(`${PATH}?${state.status === "success" ? "notice" : "error"}=${encodeURIComponent(text)}`);
}

export async function createCustomFieldAction(formData: FormData): Promise<void> {
  back(await createCustomFieldForm(await requireMember(), formData));
}

export async function deleteCustomFieldAction(formData: FormData): Promise<void> {
  back(await deleteCustomFieldForm(await requireMember(), formData));
}
