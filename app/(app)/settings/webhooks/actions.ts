"use server";

import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { requestOrigin } from "@/lib/audit/request-origin";
import { requireMember } from "@/lib/auth/get-current-member";
import {
  createEndpointForm,
  deleteEndpointForm,
  replayEndpointForm,
  resendDeliveryForm,
  sendTestEventForm,
  setEndpointEnabledForm,
  type CreateEndpointState,
} from "@/lib/forms/webhooks/endpoint-forms";
import { endpointSecretForm, type EndpointSecretState } from "@/lib/forms/webhooks/endpoint-secret-form";
import type { FormState } from "@/lib/ui/form-state";

// Settings → Webhooks: the session's member, then the form handler (lib/forms/webhooks, which
// checks the owner role), then a refresh of the pages that show what changed. Changes to an
// endpoint and its secret are audited with the request's address and user agent.

const LIST_PATH = "/settings/webhooks";
const origin = async () => requestOrigin(await headers());
const endpointPath = (formData: FormData) => `${LIST_PATH}/${String(formData.get("endpointId") ?? "")}`;

export async function createEndpointAction(
  _previous: CreateEndpointState,
  formData: FormData,
): Promise<CreateEndpointState> {
  const state = await createEndpointForm(await requireMember(), formData, await origin());
  if (state.status === "success") revalidatePath(LIST_PATH);
  return state;
}

export async function setEndpointEnabledAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const state = await setEndpointEnabledForm(await requireMember(), formData, await origin());
  if (state.status === "success") {
    revalidatePath(endpointPath(formData));
    revalidatePath(LIST_PATH);
  }
  return state;
}

// After the confirm step: back to the list, which says it was deleted.
export async function deleteEndpointAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const state = await deleteEndpointForm(await requireMember(), formData, await origin());
  if (state.status !== "success") return state;
  revalidatePath(LIST_PATH);
  redirect(`${LIST_PATH}?notice=deleted`);
}

export async function sendTestEventAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const state = await sendTestEventForm(await requireMember(), formData);
  revalidatePath(endpointPath(formData));
  return state;
}

export async function resendDeliveryAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const state = await resendDeliveryForm(await requireMember(), formData);
  revalidatePath(endpointPath(formData));
  return state;
}

export async function replayEndpointAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const state = await replayEndpointForm(await requireMember(), formData);
  revalidatePath(endpointPath(formData));
  return state;
}

// Reveal or roll: nothing else on the page changes, so nothing to refresh.
export async function endpointSecretAction(
  _previous: EndpointSecretState,
  formData: FormData,
): Promise<EndpointSecretState> {
  return endpointSecretForm(await requireMember(), formData, await origin());
}
