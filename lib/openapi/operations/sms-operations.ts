import { leadIdParams } from "@/lib/schemas/leads";
import { leadSmsListQuery, leadSmsParams, smsCreateSchema, smsSchema } from "@/lib/schemas/sms";
import { exampleLead, exampleList, exampleOne, exampleSms } from "../examples";
import type { OperationSpec } from "../operation-spec";

export const smsOperations: OperationSpec[] = [
  {
    operationId: "sendSmsToLead",
    method: "post",
    path: "/api/v1/leads/{id}/sms",
    tag: "SMS",
    permission: { sms: "write" },
    summary: "Send an SMS to a lead",
    description:
      "Sends `message` (1–1,600 characters) to the lead's phone and writes an `sms_sent` activity. The lead must be live, have a phone and not have `smsOptOut`. If the provider fails: 502 `sms_provider_error`, the message is kept with status `failed` and an `sms_failed` activity is written. **Always send an `Idempotency-Key`**: a retry with the same key never sends a second SMS.",
    params: leadIdParams,
    body: {
      schema: smsCreateSchema,
      examples: {
        confirm: {
          summary: "A viewing confirmation",
          value: { message: "Hi Ada, the viewing on Maple Ave is confirmed for Tuesday 3pm." },
        },
      },
    },
    response: {
      status: 201,
      description:
        "The message was handed to the provider: `status` is `sent`, or `queued` where the provider accepts asynchronously.",
      schema: smsSchema,
      example: exampleOne(exampleSms),
      location: {
        description: "The message's URL: `GET` answers it with its current status.",
        example: `/api/v1/leads/${exampleLead.id}/sms/${exampleSms.id}`,
      },
    },
    errors: ["lead_has_no_phone", "lead_opted_out", "sms_provider_error"],
  },
  {
    operationId: "listLeadSms",
    method: "get",
    path: "/api/v1/leads/{id}/sms",
    tag: "SMS",
    permission: { sms: "read" },
    summary: "List a lead's SMS conversation",
    description:
      'Every message of the conversation with the lead, both directions: `direction: "outbound"` for messages sent to the lead (with their delivery `status`), `"inbound"` for the lead\'s messages to you (`status: "received"`, `from` the lead\'s number). A lead\'s reply also writes an `sms_received` activity and the `sms.received` event; a reply of STOP (or STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT) as the whole message sets `smsOptOut` and writes `sms_opted_out`, and START (or UNSTOP, YES) clears it and writes `sms_opted_in`. Newest first by default; `sort=createdAt` reads the conversation in order. Page with `limit` and `cursor` until `meta.hasMore` is false. 404 when the lead is deleted, as on every other lead path.',
    params: leadIdParams,
    query: leadSmsListQuery,
    list: true,
    response: {
      status: 200,
      description: "A page of the lead's messages.",
      schema: smsSchema,
      example: exampleList(exampleSms),
    },
    errorExamples: { not_found: { message: "Lead not found." } },
  },
  {
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
  },
];
