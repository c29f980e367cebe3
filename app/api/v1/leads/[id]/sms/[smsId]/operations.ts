import { exampleOne, exampleSms } from "@/lib/openapi/examples";
import type { OperationSpec } from "@/lib/openapi/operation-spec";
import { leadSmsParams, smsSchema } from "@/lib/schemas/sms";

export const getLeadSms = {
  operationId: "getLeadSms",
  method: "get",
  path: "/api/v1/leads/{id}/sms/{smsId}",
  tag: "SMS",
  permission: { sms: "read" },
  summary: "Get one SMS of a lead's conversation",
  description:
    "One message sent to or received from the lead, with its current `status`: a `queued` message becomes `sent` or `failed` when the provider reports delivery. The URL is the `Location` of the POST that sent it. 404 when the lead is deleted, as on every other lead path.",
  params: leadSmsParams,
  response: { status: 200, description: "The message.", schema: smsSchema, example: exampleOne(exampleSms) },
  errorExamples: { not_found: { message: "SMS message not found." } },
} satisfies OperationSpec;

export const cancelLeadSms = {
  operationId: "cancelLeadSms",
  method: "delete",
  path: "/api/v1/leads/{id}/sms/{smsId}",
  tag: "SMS",
  permission: { sms: "write" },
  summary: "Cancel a scheduled SMS",
  description:
    "Cancels a message that is still `scheduled` (held by quiet hours or sent with `sendAt`): it becomes `cancelled`, is never sent, and `sms_cancelled` and the `sms.cancelled` event are written. A message that already went out (or failed, or was cancelled) answers 409 `sms_not_scheduled`. 404 when the lead is deleted, as on every other lead path.",
  params: leadSmsParams,
  response: {
    status: 200,
    description: "The cancelled message.",
    schema: smsSchema,
    example: exampleOne({ ...exampleSms, status: "cancelled", sendAt: "2026-11-23T13:00:00.000Z" }),
  },
  errors: ["sms_not_scheduled"],
  errorExamples: { not_found: { message: "SMS message not found." } },
} satisfies OperationSpec;
