"use server";

import { formAction } from "@/app/_forms/form-action";
import { formValues } from "@/app/_forms/form-errors";
import { userActor } from "@/lib/activities/user-actor";
import { API_PLAN } from "@/lib/accounts/api-plan";
import { PLAN_LABELS } from "@/lib/accounts/plan-labels";
import { ApiError } from "@/lib/errors/api-error";
import { webhookEndpointCreateSchema } from "@/lib/schemas/webhook-endpoints";
import { formatInZone } from "@/components/ui/format-date";
import { createWebhookEndpoint } from "@/lib/webhooks/create-webhook-endpoint";
import { deleteWebhookEndpoint } from "@/lib/webhooks/delete-webhook-endpoint";
import { revealWebhookSecret, rollWebhookSecret } from "@/lib/webhooks/endpoint-secrets";
import { getPublicWebhookEndpointOrThrow } from "@/lib/webhooks/get-webhook-endpoint-or-throw";
import { replayEndpointSince } from "@/lib/webhooks/replay-since";
import { resendDelivery } from "@/lib/webhooks/resend-delivery";
import { sendTestEvent } from "@/lib/webhooks/send-test-event";
import { updateWebhookEndpoint } from "@/lib/webhooks/update-webhook-endpoint";
import { chosenEventTypes, endpointInputFromForm } from "./endpoint-form-input";

// Settings → Webhooks, owners only. The webhook services take an account id and check no role
// (the API's keys act for the whole account), so the role option checks it here, read from the
// database. Changes to an endpoint and its secret are audited with the request's address and user
// agent; then the pages that show what changed are refreshed.

const LIST_PATH = "/settings/webhooks";
const idOf = (formData: FormData, name: string) => String(formData.get(name) ?? "");
const endpointPath = (formData: FormData) => `${LIST_PATH}/${idOf(formData, "endpointId")}`;
// The endpoint page's log shows the outcome of a send, a resend or a replay, even a failed one.
const endpointPage = (_state: unknown, formData: FormData) => [endpointPath(formData)];

// "Add endpoint": the same schema and service as POST /api/v1/webhook-endpoints. The secret goes
// back to this one response; the endpoint page reveals it again on demand.
export const createEndpointAction = formAction(
  {
    role: "owner",
    schema: webhookEndpointCreateSchema,
    input: endpointInputFromForm,
    values: (formData) => ({ ...formValues(formData), events: chosenEventTypes(formData).join(",") }),
    revalidate: [LIST_PATH],
  },
  async ({ member, input, audit }) => {
    // Webhooks come with the public platform, as the API does (lib/webhooks/dispatch/dispatch-batch.ts).
    if (member.plan !== API_PLAN)
      throw new ApiError("plan_required", `Webhooks are available on the ${PLAN_LABELS[API_PLAN]} plan.`);
    const endpoint = await createWebhookEndpoint(member.accountId, input, audit);
    return { status: "success", created: { id: endpoint.id, url: endpoint.url, secret: endpoint.secret } };
  },
);

// Enable or disable. Enabling clears the reason the system disabled it: one click, no other step.
export const setEndpointEnabledAction = formAction(
  {
    role: "owner",
    revalidate: (state, formData) => (state.status === "success" ? [endpointPath(formData), LIST_PATH] : []),
  },
  async ({ member, formData, audit }) => {
    const enabled = idOf(formData, "enabled") === "true";
    await updateWebhookEndpoint(member.accountId, idOf(formData, "endpointId"), { enabled }, audit);
    return { status: "success", message: enabled ? "Endpoint enabled." : "Endpoint disabled." };
  },
);

// After the confirm step: the endpoint and its delivery log are removed for good; back to the
// list, which says so.
export const deleteEndpointAction = formAction(
  {
    role: "owner",
    revalidate: [LIST_PATH],
    redirect: (state) => (state.status === "success" ? `${LIST_PATH}?notice=deleted` : undefined),
  },
  async ({ member, formData, audit }) => {
    await deleteWebhookEndpoint(member.accountId, idOf(formData, "endpointId"), audit);
    return { status: "success", message: "Endpoint deleted." };
  },
);

// A `webhook.test` event to this endpoint only. A disabled endpoint would never get it (only a
// resend reaches a disabled endpoint), so that is refused rather than queued to vanish.
export const sendTestEventAction = formAction(
  { role: "owner", revalidate: endpointPage },
  async ({ member, formData }) => {
    const endpointId = idOf(formData, "endpointId");
    if (!(await getPublicWebhookEndpointOrThrow(member.accountId, endpointId)).enabled) {
      return { status: "error", message: "Enable the endpoint to send it a test event." };
    }
    const eventId = await sendTestEvent(member.accountId, endpointId, userActor(member));
    return { status: "success", message: `Test event ${eventId} sent. Its delivery shows in the log below.` };
  },
);

// "Resend" in the delivery log: one more attempt of that event, now.
export const resendDeliveryAction = formAction(
  { role: "owner", revalidate: endpointPage },
  async ({ member, formData }) => {
    await resendDelivery(member.accountId, idOf(formData, "deliveryId"));
    return { status: "success", message: "Resent. The new attempt shows in the log in a moment." };
  },
);

// "Replay since…": the endpoint's events from that time sent again. `since` is the ISO time the
// browser computed from the owner's input (replay-form.tsx).
export const replayEndpointAction = formAction(
  { role: "owner", revalidate: endpointPage },
  async ({ member, formData }) => {
    const since = new Date(idOf(formData, "since"));
    if (Number.isNaN(since.getTime())) return { status: "error", message: "Choose the time to replay from." };
    const { queued, until } = await replayEndpointSince(member.accountId, idOf(formData, "endpointId"), since);
    const more = until ? ` The limit was reached: replay again from ${until.toISOString()} for the rest.` : "";
    return { status: "success", message: `${queued} events queued; they show in the log as they go.${more}` };
  },
);

// The endpoint page's "Reveal secret" (`intent=reveal`) and "Roll secret" (`intent=roll`). One
// action for both, so the page shows whichever secret came last and never a stale one. Nothing
// else on the page changes, so nothing to refresh.
export const endpointSecretAction = formAction({ role: "owner" }, async ({ member, formData, audit }) => {
  const endpointId = idOf(formData, "endpointId");
  if (formData.get("intent") === "roll") {
    const rolled = await rollWebhookSecret(member.accountId, endpointId, audit);
    return {
      status: "success",
      secret: rolled.secret,
      // Until when the previous secret still signs, formatted for the page.
      previousSecretExpiresAt: formatInZone(rolled.previousSecretExpiresAt, member.timeZone),
    };
  }
  return { status: "success", secret: await revealWebhookSecret(member.accountId, endpointId, audit) };
});

export type CreateEndpointState = Awaited<ReturnType<typeof createEndpointAction>>;
export type EndpointSecretState = Awaited<ReturnType<typeof endpointSecretAction>>;
