import { CODES_OUTSIDE_PUBLIC_API, ERROR_STATUS, type ErrorCode, type ErrorDetail } from "@/lib/errors/api-error";
import { MAX_JSON_DEPTH } from "@/lib/schemas/json-limits";
import { insufficientPermissionsExample } from "./required-permission";

// What each code the public API can answer with (API.md, "Errors") means for an integrator, and
// a realistic example body. The codes and their HTTP statuses have one home, ERROR_STATUS
// (lib/errors); the catalogue is keyed by them, so a code added there without an entry here
// does not compile.

export type PublicErrorCode = Exclude<ErrorCode, (typeof CODES_OUTSIDE_PUBLIC_API)[number]>;

const outsidePublicApi = new Set<ErrorCode>(CODES_OUTSIDE_PUBLIC_API);
/** In ERROR_STATUS's order (the order of the document's code enum). */
export const PUBLIC_ERROR_CODES = (Object.keys(ERROR_STATUS) as ErrorCode[]).filter(
  (code): code is PublicErrorCode => !outsidePublicApi.has(code),
);

export interface ErrorExample {
  message: string;
  details?: ErrorDetail[];
}

interface ErrorEntry extends ErrorExample {
  /** When it happens and what to do about it. */
  when: string;
}

export const ERROR_CATALOGUE: Record<PublicErrorCode, ErrorEntry> = {
  invalid_json: {
    when: `The body is not valid JSON, is not valid UTF-8, or nests objects and arrays deeper than ${MAX_JSON_DEPTH} levels. Fix the body; retrying the same bytes fails again.`,
    message: "The body is not valid JSON.",
  },
  validation_error: {
    when: "A body field, query parameter, path parameter or the `Idempotency-Key` header breaks a rule. Unknown body fields (including read-only ones such as `id`, `createdAt`, `accountId`, `deletedAt`), unknown query parameters, a query parameter given more than once and one whose percent-encoded bytes are not UTF-8 are errors too, and so is a user id (`assignedTo`, `agentId`) that is not an active user of your account. `details` lists every problem, each with the `path` of the field.",
    message: "The request body is invalid: 2 problems (see details).",
    details: [
      { path: "email", message: "Invalid email" },
      { path: "accountId", message: "Unknown field" },
    ],
  },
  invalid_cursor: {
    when: "The `cursor` was not issued by us, was edited, or was made for another list, another account, another `sort` or other filters. Start again from the first page.",
    message:
      "The cursor is invalid, or was made for another list, another sort or other filters. Start again from the first page.",
  },
  malformed_request: {
    when: "The request is not valid HTTP/1.1 (a malformed request line or header): answered before any route, and the connection is closed. Fix the client; retrying the same bytes fails again.",
    message: "The request is not valid HTTP/1.1.",
  },
  missing_api_key: {
    when: "No `Authorization` header. Send `Authorization: Bearer <API_KEY>`.",
    message: "Send your API key as `Authorization: Bearer <API_KEY>`.",
  },
  invalid_api_key: {
    when: "The key is malformed (bad shape or checksum), unknown, or revoked: the same answer for all three. Create a new key in Settings → Public API.",
    message: "The API key is invalid or has been revoked.",
  },
  api_key_expired: {
    when: "The key was valid but its expiry has passed: the date chosen when it was created, or the end of the overlap after it was rolled. Use the key that replaced it, or create one in Settings → Public API. A different code from `invalid_api_key`, so you can tell an expired key from a wrong one.",
    message: "The API key expired at 2026-11-22T09:30:00.000Z. Create or roll a key in Settings → Public API.",
  },
  plan_required: {
    when: "The key is valid but the account is not on the Agency plan.",
    message: "The Public API is available on the Agency plan. Upgrade in Settings → Plan.",
  },
  insufficient_permissions: {
    when: "The key is valid but lacks the permission this operation needs (written in its description and in `x-required-permissions`), or the read permission of an event type it names (a `type` filter of `GET /events`, a webhook endpoint's `events`). `details[0].permission` names it, e.g. `leads:write`. An owner can change the key's permissions in Settings → Public API; the change applies from the next request. Retrying with the same key fails again.",
    ...insufficientPermissionsExample({ leads: "write" }),
  },
  not_found: {
    when: "No such resource in your account: another account's id gets the same answer, and so does a soft-deleted lead. A `propertyId` sent in the body that is not one of your account's answers 404 too, with `details` naming the field (a user id in a body, `assignedTo` or `agentId`, is a `validation_error` instead).",
    message: "Lead not found.",
  },
  method_not_allowed: {
    when: "The path exists but not with this method; the `Allow` header lists the methods it has. A method the API serves on no path (`TRACE`, `PROPFIND`, an unknown `FOO`) gets this answer too, with the same `Allow` (on a path that does not exist, 404 `not_found`); `CONNECT`, which names no path, gets `Allow` listing GET, HEAD, POST, PUT, PATCH, DELETE and OPTIONS.",
    message: "This endpoint supports GET, POST.",
  },
  idempotency_in_progress: {
    when: "Another request with the same `Idempotency-Key` is still running. Retry after a short wait: you then get its stored response.",
    message: "A request with this Idempotency-Key is still being processed. Retry shortly.",
  },
  opt_out_by_recipient: {
    when: "`smsOptOut: false`, or `consent.sms.status: granted`, for a lead who opted out by texting STOP (or STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT), or whose phone number did (on any lead of yours: the opt-out belongs to the number). Carrier rules let only the recipient undo that: by texting START (or UNSTOP, YES), which clears `smsOptOut`, grants consent and writes `sms_opted_in` (a START the phone sent another agency on the shared number clears it too, without granting consent). Do not retry.",
    message:
      "This lead opted out of SMS by replying STOP. Only the lead can opt back in, by texting START to your number.",
  },
  external_id_taken: {
    when: "Another record of your account already has this `externalId` (for leads: another live lead). `message` and `details` name that record's id: update it instead, or send another `externalId`. In a batch, the item fails with this error and the others are written.",
    message: 'The externalId "crm-4711" is already used by lead lead_01jf3v6q2m8k4x5y7z9a0b1c2d.',
    details: [{ path: "externalId", message: "Already used by lead_01jf3v6q2m8k4x5y7z9a0b1c2d" }],
  },
  payload_too_large: { when: "The body is over 100 KB.", message: "The body is larger than 100 KB." },
  unsupported_media_type: {
    when: "A body was expected but `Content-Type` is not `application/json`, declares a `charset` other than UTF-8, or the body comes with a `Content-Encoding` (send it uncompressed).",
    message: "Send the body as JSON with `Content-Type: application/json`.",
  },
  headers_too_large: {
    when: "The request line and headers together are over 16 KB (most often a very long query string): answered before any route, and the connection is closed. Send fewer or shorter query parameters.",
    message: "The request line and headers are over 16 KB. Send long filters in fewer or shorter query parameters.",
  },
  lead_has_no_phone: {
    when: "The lead has no phone number. Set `phone` with PATCH /leads/{id} first.",
    message: "This lead has no phone number. Add one before sending an SMS.",
  },
  lead_opted_out: {
    when: "The lead opted out of SMS (`smsOptOut: true`), or its phone number replied STOP to your number, on this lead or any other with that number (a new lead with the same phone, in any format, is not texted either). Also answered when scheduling (`sendAt`). Do not retry.",
    message: "This lead opted out of SMS.",
  },
  consent_required: {
    when: "The lead's `consent.sms.status` is `revoked` (never texted), or the account requires SMS consent before texting (Settings → Account) and it is not `granted`. Record a consent the lead gave with PATCH /leads/{id} (`consent`) first.",
    message:
      "This account requires SMS consent before texting, and this lead has not granted it. Record their consent (consent.sms.status: granted) first.",
  },
  quiet_hours_override_not_allowed: {
    when: "`ignoreQuietHours: true` was sent while it is quiet hours (before 08:00 or from 21:00) in the lead's local time, and the lead has not sent you a message in the last 24 hours. Leave `ignoreQuietHours` out: the text is then scheduled for 08:00 their time (202).",
    message:
      "It is America/New_York quiet hours for this lead. ignoreQuietHours is only allowed for a reply to a lead who sent you a message in the last 24 hours; leave it out and the text goes out at 08:00 their time.",
  },
  webhook_endpoint_limit: {
    when: "The account already has 50 webhook endpoints. Delete one, or subscribe an existing one to more event types.",
    message: "An account has at most 50 webhook endpoints.",
  },
  webhook_endpoint_disabled: {
    when: "`POST /webhook-endpoints/{id}/replay` or `…/deliveries/{deliveryId}/resend` to a disabled endpoint: its deliveries would only be logged as skipped. Enable it (`PATCH` with `enabled: true`), then replay or resend.",
    message: "Enable the endpoint to replay events to it.",
  },
  sms_not_scheduled: {
    when: "Only a `scheduled` message can be cancelled; this one was already sent (or failed, or cancelled). Read it with GET /leads/{id}/sms/{smsId}.",
    message: "Only a scheduled message can be cancelled; this one is sent.",
  },
  visit_not_scheduled: {
    when: "The visit is `completed`, `cancelled` or `no_show`: that is its history. Only a `scheduled` visit can be moved or edited (`scheduledAt`, `durationMinutes`, `agentId`, `notes`), and a visit cannot go back to `scheduled`. Book a new visit with POST /visits instead. Its outcome can still be corrected (`status`).",
    message: "Only a scheduled visit can be rescheduled; this one is cancelled.",
  },
  visit_conflict: {
    when: "The visit's agent already has a `scheduled` visit at an overlapping time (POST /visits, or PATCH /visits/{id} with a new `scheduledAt`, `durationMinutes` or `agentId`). `details` names that visit (`visitId`) and when it starts (`scheduledAt`). Cancelled, completed and missed visits never block, and back to back (one ends at 14:45, the next starts at 14:45) is no overlap. Choose another time or agent, or cancel the other visit; with a Full access key, `allowConflict: true` books over it (audited).",
    message:
      "This agent already has a visit at 2027-03-01T14:00:00.000Z (45 min) that overlaps this time. Choose another time or agent.",
    details: [
      {
        path: "scheduledAt",
        message: "Overlaps the agent's visit visit_01jf3v6q2m8k4x5y7z9a0b1c2d at 2027-03-01T14:00:00.000Z",
        visitId: "visit_01jf3v6q2m8k4x5y7z9a0b1c2d",
        scheduledAt: "2027-03-01T14:00:00.000Z",
      },
    ],
  },
  precondition_failed: {
    when: "`If-Match` names a version the lead, property or visit is no longer at: someone changed it since you read it (checked under the record's lock, so exactly one of two writers holding the same ETag wins). Nothing was changed. GET it again (its `ETag`), apply your change to what it is now, and retry with the new ETag.",
    message:
      'This lead changed since you read it: it is at version 4 (ETag "4"), not the one If-Match names. GET it again, apply your change to what it is now, and retry with its new ETag.',
  },
  cursor_expired: {
    when: "`GET /events`: the `cursor` is older than the 30 days of events kept, and events after it have since been deleted, so reading on would silently skip them. Your copy may have missed changes: re-sync it (list the resources again), then poll the feed from `details[0].oldestCursor`, a cursor just before the oldest event still kept.",
    message:
      "This cursor is older than the 30 days of events kept, and events after it have expired. Re-sync, then read on from details[0].oldestCursor (the oldest event kept was created at 2025-01-02T03:04:05.678Z).",
    details: [
      {
        path: "cursor",
        message: "Events after this cursor have expired",
        oldestCursor: "gAAAAABm3x5YvJ8d0pQ2oldest-position",
      },
    ],
  },
  visit_not_started: {
    when: "`status: completed` or `status: no_show` for a visit whose `scheduledAt` is still in the future: no one can have completed or missed it yet. Wait until it has started, or send `status: cancelled`.",
    message: "A visit in the future cannot be marked completed; cancel it, or record how it went once it has started.",
    details: [{ path: "status", message: "This visit has not started yet" }],
  },
  idempotency_key_reused: {
    when: "This `Idempotency-Key` was already used (by your account, within 24 hours) with a different method, path or body, or by a key with other permissions. Use a new key for a new request.",
    message: "This Idempotency-Key was already used with a different request. Use a new key for a new request.",
  },
  rate_limited: {
    when: "More than 100 requests in the last 60 seconds with this key. Wait the number of seconds in `Retry-After`, then retry.",
    message: "Rate limit of 100 requests per minute exceeded. Retry after the time in Retry-After.",
  },
  internal_error: {
    when: "Something failed on our side. Retry later (with the same `Idempotency-Key` for a POST: the failed attempt did nothing and freed the key) and quote the `requestId` to support.",
    message: "Something went wrong on our side. Retry later or contact support with the request id.",
  },
  sms_provider_error: {
    when: "The SMS provider refused or failed. The message is stored with status `failed` and an `sms_failed` activity; a retry with the same `Idempotency-Key` replays this answer, so retry with a new key.",
    message:
      "The SMS provider could not take the message. It is stored as failed; retry later with a new Idempotency-Key.",
  },
  service_unavailable: {
    when: "The database cannot be reached. Retry in a few seconds (a POST with the same `Idempotency-Key` is safe).",
    message: "The service is temporarily unavailable. Retry in a few seconds.",
  },
};
