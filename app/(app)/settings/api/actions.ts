"use server";

import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { requestOrigin } from "@/lib/audit/request-origin";
import { requireMember } from "@/lib/auth/get-current-member";
import {
  createApiKeyForm,
  editApiKeyPermissionsForm,
  revokeApiKeyForm,
  rollApiKeyForm,
  stopOldSecretForm,
  type CreateKeyState,
  type RollKeyState,
} from "@/lib/forms/api-keys/api-key-forms";
import type { FormState } from "@/lib/ui/form-state";

// Settings → Public API: the session's member and where the request came from (for the audit
// log), then the form handler (lib/forms/api-keys), then a refresh of the key list. A new
// secret goes back to its one response only: it is never stored or logged.

const PAGE = "/settings/api";

async function caller() {
  return { member: await requireMember(), origin: requestOrigin(await headers()) };
}

function refreshedOnSuccess<S extends FormState>(state: S): S {
  if (state.status === "success") revalidatePath(PAGE);
  return state;
}

export async function createApiKeyAction(_previous: CreateKeyState, formData: FormData): Promise<CreateKeyState> {
  const { member, origin } = await caller();
  return refreshedOnSuccess(await createApiKeyForm(member, origin, formData));
}

export async function rollApiKeyAction(_previous: RollKeyState, formData: FormData): Promise<RollKeyState> {
  const { member, origin } = await caller();
  return refreshedOnSuccess(await rollApiKeyForm(member, origin, formData));
}

export async function editApiKeyPermissionsAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const { member, origin } = await caller();
  return refreshedOnSuccess(await editApiKeyPermissionsForm(member, origin, formData));
}

export async function revokeApiKeyAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const { member, origin } = await caller();
  return refreshedOnSuccess(await revokeApiKeyForm(member, origin, formData));
}

export async function stopOldSecretAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const { member, origin } = await caller();
  return refreshedOnSuccess(await stopOldSecretForm(member, origin, formData));
}
