"use server";

import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { requireMember } from "@/lib/auth/get-current-member";
import { requestOrigin } from "@/lib/audit/request-origin";
import {
  createCustomFieldForm,
  deleteCustomFieldForm,
  moveCustomFieldForm,
  updateCustomFieldForm,
} from "@/lib/forms/custom-fields/custom-field-forms";
import type { FormState } from "@/lib/ui/form-state";

const PATH = "/settings/custom-fields";

function back(state: FormState): never {
  revalidatePath(PATH);
  const errors = Object.entries(state.fieldErrors ?? {}).map(([field, message]) => `${field}: ${message}`);
  const text = [state.message, ...errors].filter(Boolean).join(" ");
  redirect(`${PATH}?${state.status === "success" ? "notice" : "error"}=${encodeURIComponent(text)}`);
}

type Form = typeof createCustomFieldForm;
const run = async (form: Form, formData: FormData) =>
  back(await form(await requireMember(), formData, requestOrigin(await headers())));

export async function createCustomFieldAction(formData: FormData): Promise<void> {
  await run(createCustomFieldForm, formData);
}

export async function updateCustomFieldAction(formData: FormData): Promise<void> {
  await run(updateCustomFieldForm, formData);
}

export async function moveCustomFieldAction(formData: FormData): Promise<void> {
  await run(moveCustomFieldForm, formData);
}

export async function deleteCustomFieldAction(formData: FormData): Promise<void> {
  await run(deleteCustomFieldForm, formData);
}
