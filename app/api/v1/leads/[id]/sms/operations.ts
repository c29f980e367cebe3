import { exampleLead, exampleList, exampleOne, exampleSms } from "@/lib/openapi/examples";
import type { OperationSpec } from "@/lib/openapi/operation-spec";
import { leadIdParams } from "@/lib/schemas/leads";
import { leadSmsListQuery, smsCreateSchema, smsSchema } from "@/lib/schemas/sms";

export const sendSmsToLead = {
  operationId: "sendSmsToLead",
  method: "post",
  path: "/api/v1/leads/{id}/sms",
  tag: "SMS",
  permission: { sms: "write" },
  summary: "Send an SMS to a lead",
  description:
    "Sends `message` (1–1,600 characters) to the lead's phone and writes an `sms_sent` activity. **It can change the lead:** a text that goes out to a `new` lead moves it to `contacted` in the same transaction, unless the account turned the move off (a `lead.status_changed` event by the system; see the guide's \"The pipeline follows the work\"). The lead must be live, have a phone and not have `smsOptOut`. If the provider fails: 502 `sms_provider_error`, the message is kept with status `failed` and an `sms_failed` activity is written. **Always send an `Idempotency-Key`**: a retry with the same key never sends a second SMS.\n\n**Quiet hours.** When the account has quiet hours on (the default), texts go out only between 08:00 and 21:00 in the lead's local time: the lead's `timezone`, else the zone of its phone number's country where that country has one zone (+1 numbers have none), else the account's timezone. A send outside that window is accepted with **202**, `status: \"scheduled\"` and `sendAt` (the next 08:00 there, DST-correct), writes `sms_scheduled` and the `sms.scheduled` event, and goes out at `sendAt` (then `sms_sent` or `sms_failed`; a lead who opted out meanwhile is not texted). `sendAt` in the body schedules explicitly (moved to 08:00 if it falls in quiet hours). `ignoreQuietHours: true` sends now, only as a reply to a lead who sent you a message in the last 24 hours (else 422 `quiet_hours_override_not_allowed`); each override is in the audit log. Cancel a scheduled message with DELETE /leads/{id}/sms/{smsId}.",
  params: leadIdParams,
  body: {
    schema: smsCreateSchema,
    examples: {
      confirm: {
        summary: "A viewing confirmation",
        value: { message: "Hi Ada, the viewing on Maple Ave is confirmed for Tuesday 3pm." },
      },
      scheduled: {
        summary: "Sent later, at a chosen time",
        value: {
          message: "Reminder: your viewing on Maple Ave is at 3pm today.",
          sendAt: "2026-12-01T13:00:00.000Z",
        },
      },
      reply: {
        summary: "A reply to the lead's message of a minute ago, during their quiet hours",
        value: { message: "Yes, 10am tomorrow works. See you then!", ignoreQuietHours: true },
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
    also: {
      status: 202,
      description:
        "The message is scheduled (quiet hours in the lead's local time, or `sendAt`): `status` is `scheduled` and `sendAt` says when it goes out.",
      example: exampleOne({ ...exampleSms, status: "scheduled", sendAt: "2026-11-23T13:00:00.000Z" }),
      location: {
        description:
          "The message's URL: `GET` answers it with its current status; `DELETE` cancels it until it goes out.",
        example: `/api/v1/leads/${exampleLead.id}/sms/${exampleSms.id}`,
      },
    },
  },
  errors: [
    "lead_has_no_phone",
    "lead_opted_out",
    "consent_required",
    "quiet_hours_override_not_allowed",
    "sms_provider_error",
  ],
} satisfies OperationSpec;

export const listLeadSms = {
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
} satisfies OperationSpec;
