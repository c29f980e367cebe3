import { API_PLAN, PLAN_LABELS } from "@/lib/accounts/plan-labels";
import { userAuditActor } from "@/lib/audit/audit-actors";
import type { RequestOrigin } from "@/lib/audit/request-origin";
import { ApiError } from "@/lib/errors/api-error";
import { userActor } from "@/lib/forms/user-actor";
import { invalidForm, parseFormInput } from "@/lib/forms/parse-form-input";
import { webhookEndpointCreateSchema } from "@/lib/schemas/webhook-endpoints";
import { errorState, formValues } from "@/lib/ui/form-errors";
import type { FormState } from "@/lib/ui/form-state";
import { assertOwner } from "@/lib/users/assert-owner";
import type { Member } from "@/lib/users/get-member";
import { createWebhookEndpoint } from "@/lib/webhooks/create-webhook-endpoint";
import { deleteWebhookEndpoint } from "@/lib/webhooks/delete-webhook-endpoint";
import { getWebhookEndpoint } from "@/lib/webhooks/get-webhook-endpoint-or-throw";
import { replayEndpointSince } from "@/lib/webhooks/replay-since";
import { resendDelivery } from "@/lib/webhooks/resend-delivery";
import { sendTestEvent } from "@/lib/webhooks/send-test-event";
import { updateWebhookEndpoint } from "@/lib/webhooks/update-webhook-endpoint";
import { chosenEventTypes, endpointInputFromForm } from "./endpoint-form-input";

// Settings → Webhooks. The webhook services take an account id and check no role (the API's
// keys act for the whole account), so each form checks here that the caller is an owner, with
// the role read from the database as every owner-only service does.

export type CreateEndpointState = FormState & { created?: { id: string; url: string; secret: string } };

const idOf = (formData: FormData, name: string) => String(formData.get(name) ?? "");

// "Add endpoint": the same schema and service as POST /api/v1/webhook-endpoints. The secret goes
// back to this one response; the endpoint page reveals it again on demand.
export async function createEndpointForm(
  member: Member,
  formData: FormData,
  origin: RequestOrigin,
): Promise<CreateEndpointState> {
  const values = { ...formValues(formData), events: chosenEventTypes(formData).join(",") };
  const parsed = parseFormInput(webhookEndpointCreateSchema, endpointInputFromForm(formData));
  if (!parsed.data) return invalidForm(parsed.fieldErrors, values);
  try {
    const owner = await assertOwner(member.accountId, member.userId);
    // Webhooks come with the public platform, as the API does (lib/webhooks/dispatch/dispatch-batch.ts).
    if (member.plan !== API_PLAN)
      throw new ApiError("plan_required", `Webhooks are available on the ${PLAN_LABELS[API_PLAN]} plan.`);
    const endpoint = await createWebhookEndpoint(member.accountId, parsed.data, userAuditActor(owner, origin));
    return { status: "success", created: { id: endpoint.id, url: endpoint.url, secret: endpoint.secret } };
  } catch (error) {
    return errorState(error, values);
  }
}

// Enable or disable. Enabling clears the reason the system disabled it: one click, no other step.
export async function setEndpointEnabledForm(
  member: Member,
  formData: FormData,
  origin: RequestOrigin,
): Promise<FormState> {
  const enabled = idOf(formData, "enabled") === "true";
  try {
    const owner = await assertOwner(member.accountId, member.userId);
    await updateWebhookEndpoint(
      member.accountId,
      idOf(formData, "endpointId"),
      { enabled },
      userAuditActor(owner, origin),
    );
  } catch (error) {
    return errorState(error);
  }
  return { status: "success", message: enabled ? "Endpoint enabled." : "Endpoint disabled." };
}

// After the confirm step: the endpoint and its delivery log are removed for good.
export async function deleteEndpointForm(
  member: Member,
  formData: FormData,
  origin: RequestOrigin,
): Promise<FormState> {
  try {
    const owner = await assertOwner(member.accountId, member.userId);
    await deleteWebhookEndpoint(member.accountId, idOf(formData, "endpointId"), userAuditActor(owner, origin));
  } catch (error) {
    return errorState(error);
  }
  return { status: "success", message: "Endpoint deleted." };
}

// A `webhook.test` event to this endpoint only. A disabled endpoint would never get it (only a
// resend reaches a disabled endpoint), so that is refused rather than queued to vanish.
export async function sendTestEventForm(member: Member, formData: FormData): Promise<FormState> {
  try {
    await assertOwner(member.accountId, member.userId);
    const endpointId = idOf(formData, "endpointId");
    if (!(await getWebhookEndpoint(member.accountId, endpointId)).enabled) {
      return { status: "error", message: "Enable the endpoint to send it a test event." };
    }
    const eventId = await sendTestEvent(member.accountId, endpointId, userActor(member));
    return { status: "success", message: `Test event ${eventId} sent. Its delivery shows in the log below.` };
  } catch (error) {
    return errorState(error);
  }
}

// "Replay since…": the endpoint's events from that time sent again. `since` is the ISO time the
// browser computed from the owner's input (replay-form.tsx).
export async function replayEndpointForm(member: Member, formData: FormData): Promise<FormState> {
  try {
    await assertOwner(member.accountId, member.userId);
    const since = new Date(idOf(formData, "since"));
    if (Number.isNaN(since.getTime())) return { status: "error", message: "Choose the time to replay from." };
    const { queued, until } = await replayEndpointSince(member.accountId, idOf(formData, "endpointId"), since);
    const more = until ? ` The limit was reached: replay again from ${until.toISOString()} for the rest.` : "";
    return { status: "success", message: `${queued} events queued; they show in the log as they go.${more}` };
  } catch (error) {
    return errorState(error);
  }
}

// "Resend" in the delivery log: one more attempt of that event, now.
export async function resendDeliveryForm(member: Member, formData: FormData): Promise<FormState> {
  try {
    await assertOwner(member.accountId, member.userId);
    await resendDelivery(member.accountId, idOf(formData, "deliveryId"));
  } catch (error) {
    return errorState(error);
  }
  return { status: "success", message: "Resent. The new attempt shows in the log in a moment." };
}
