import { DELIVERY_ATTEMPTS, retrySpanText, retryWaitsText } from "@/lib/webhooks/retry-schedule-text";
import { keysChapter } from "./api-guide-keys";
import type { OperationSpec } from "./operation-spec";

// The integrator's guide: the document's `info.description`, which the /docs reference renders
// above the operations. It says what the schemas cannot: how to get a key, page, retry, and
// the choices API.md leaves open.

const POSTMAN_COLLECTION_PATH = "/api/v1/postman.json";
export const OPENAPI_DOCUMENT_PATH = "/api/v1/openapi.json";

export const apiGuide = (operations: readonly OperationSpec[]) =>
  `
The LeadProp public API lets your website, portal feeds and tools read and write your account's
leads, properties, visits and activities, and text your leads.

**Downloads:** [Postman collection](${POSTMAN_COLLECTION_PATH}) · [OpenAPI 3.1 document](${OPENAPI_DOCUMENT_PATH})

## Getting started

1. **Create a key.** In the app, open **Settings → Public API** (account owners, Agency plan) and
   create a key, with only the permissions your integration needs and, if you like, an expiry
   (see *Keys* below). The full key (\`lpm_…\`) is shown once: store it in your secret manager.
   Keys can be revoked there at any time; a revoked key stops working at once.
2. **Send your first request.** Every request carries the key as a bearer token:

   \`\`\`bash
   export BASE_URL="https://your-leadprop-host"   # e.g. http://localhost:3000
   export LEADPROP_API_KEY="lpm_…"

   curl "$BASE_URL/api/v1/leads?limit=5" \\
     -H "Authorization: Bearer $LEADPROP_API_KEY"
   \`\`\`

   Create a lead:

   \`\`\`bash
   curl -X POST "$BASE_URL/api/v1/leads" \\
     -H "Authorization: Bearer $LEADPROP_API_KEY" \\
     -H "Content-Type: application/json" \\
     -H "Idempotency-Key: $(uuidgen)" \\
     -d '{"name": "Ada Lovelace", "email": "ada@example.com", "phone": "(415) 555-0123"}'
   \`\`\`

   The same with the TypeScript SDK (\`sdk/\` in the LeadProp repository, generated from this
   document; it adds the \`Idempotency-Key\`, retries 429 and 503 after \`Retry-After\`, and
   throws typed errors):

   \`\`\`ts
   import { createLeadPropClient, LeadPropError } from "@leadprop/sdk";
   const client = createLeadPropClient({ baseUrl: process.env.BASE_URL!, apiKey: process.env.LEADPROP_API_KEY! });

   const lead = await client.leads.create({ name: "Ada Lovelace", email: "ada@example.com", phone: "(415) 555-0123" });
   try {
     await client.leads.get("lead_01jf3v6q2m8k4x5y7z9a0b1c2d");
   } catch (error) {
     if (LeadPropError.is(error, "not_found")) console.log("no such lead", error.requestId);
     else throw error;
   }
   \`\`\`

3. **Try it here.** Click *Authentication* (or any operation's *Test Request*), paste your key
   as the bearer token, and send real requests to this server.

${keysChapter(operations)}

## Pagination

Every list answers \`{"data": [...], "meta": {"cursor": "…", "hasMore": true, "limit": 20}}\`.
Ask for up to \`limit\` items (1–100, default 20); pass \`meta.cursor\` back as \`cursor\` for the
next page, with the **same** \`sort\` and filters, until \`hasMore\` is false. Pagination is keyset
based: deep pages cost what the first costs, and walking all pages returns every matching item
exactly once even while new items are being added. A cursor is opaque (encrypted) and bound to
its list, your account, its \`sort\` and its filters: an edited one, or one used anywhere else,
answers 400 \`invalid_cursor\`. The event feed keeps 30 days: a cursor older than that, once
events after it have expired, answers 410 \`cursor_expired\` (never a page with a silent gap);
re-sync, then poll from \`error.details[0].oldestCursor\`.

\`\`\`js
let cursor;
do {
  const url = new URL("/api/v1/leads", process.env.BASE_URL);
  url.searchParams.set("limit", "100");
  if (cursor) url.searchParams.set("cursor", cursor);
  const res = await fetch(url, { headers: { Authorization: \`Bearer \${process.env.LEADPROP_API_KEY}\` } });
  if (!res.ok) throw new Error((await res.json()).error.message);
  const { data, meta } = await res.json();
  for (const lead of data) console.log(lead.id, lead.name);
  cursor = meta.hasMore ? meta.cursor : undefined;
} while (cursor);
\`\`\`

With the SDK, \`list\` follows the cursor for you:

\`\`\`ts
for await (const lead of client.leads.list({ status: "qualified", limit: 100 })) console.log(lead.id, lead.name);
\`\`\`

\`sort\` is \`-createdAt\` (default, newest first), \`createdAt\`, \`-updatedAt\` or \`updatedAt\`
(activities: \`createdAt\` only).

## Rate limits

100 requests per minute per key, over a sliding 60-second window, across every endpoint and every
server. Every authenticated response carries \`RateLimit-Limit\`, \`RateLimit-Remaining\` and
\`RateLimit-Reset\` (seconds until a request frees up). Past the limit you get 429 \`rate_limited\`
with \`Retry-After\` in whole seconds: wait that long, then retry. Requests that fail
authentication are not counted.

## Errors

Every error has one shape, and every response (errors included) carries \`X-Request-Id\`:

\`\`\`json
{"error": {"code": "validation_error", "message": "The request body is invalid: 1 problem (see details).",
  "details": [{"path": "email", "message": "Invalid email"}], "requestId": "req_01jf3v6q2m8k4x5y7z9a0b1c2d"}}
\`\`\`

Program against \`code\` (stable), show \`message\` to humans, and quote \`requestId\` to support.
\`details\` lists **every** problem found, not only the first. Each operation below lists the codes
it can answer with. Retry 429 (after \`Retry-After\`), 409 \`idempotency_in_progress\`, 500, 502
(with a new \`Idempotency-Key\`) and 503; fix the request for the other 4xx (409
\`external_id_taken\` names the record that already has the \`externalId\`). An unknown path under \`/api/v1\`
answers 404 \`not_found\`; a known path with another method answers 405 \`method_not_allowed\`
with an \`Allow\` header.

## Idempotency

Every POST accepts an \`Idempotency-Key\` header (1–255 visible ASCII characters; a UUID is
ideal). Within 24 hours, the same key with the same request replays the first response and does
nothing twice: no second lead, no second SMS. A replay is the very bytes of the first answer
(same status, same body byte for byte, same \`Location\`), plus \`Idempotent-Replayed: true\`
and a new \`X-Request-Id\` (a replayed error's body keeps the first request's \`requestId\`).
"The same request" is the same method and path and the same body
as the API parsed and validated it: key order, spacing and escapes in your JSON do not matter (a
client that re-serializes the body on retry still replays), the order of list items does. The
same key with a different request answers 422 \`idempotency_key_reused\`; while
the first request is still running, a duplicate answers 409 \`idempotency_in_progress\`. Keys
are per account, as Stripe's are: a retry replays whichever of your account's API keys sends it
(a rolled key's new secret, another key with the same permissions; a key with other permissions
gets 422), and another account's same key never collides with yours. Requests rejected before any work is done (invalid input, auth, rate limit) or
failing on our side (500, 503) do not use up the key: fix or retry with the same key.

## Concurrent edits: \`ETag\` and \`If-Match\`

A lead, property or visit answers \`GET\` and \`PATCH\` with \`ETag: "<version>"\` (its
\`version\`, a strong tag). Send it back as \`If-Match\` on \`PATCH\` or \`DELETE\`, and the change
is made only if no one changed the record since you read it; otherwise the answer is 412
\`precondition_failed\`, and nothing changes. The check runs under the record's lock, so of two
integrations editing one lead from the same ETag, exactly one wins and the other learns it:
\`GET\` the record again, apply your change to what it is now, and retry with its new ETag.
Without \`If-Match\` (or with \`*\`), the last write wins, as before. The ETag names the
record's state, not the bytes: the activities \`GET /leads/{id}\` embeds can change without it.

## Events and webhooks

Every change to your leads, properties, visits, notes and SMS, made through the API, the web app
or the CLI, writes one **event** in the same transaction: \`lead.created\`, \`lead.updated\`,
\`lead.status_changed\`, \`lead.deleted\`, \`lead.restored\`, \`property.created\`,
\`property.updated\`, \`property.deleted\`, \`visit.created\`, \`visit.updated\`, \`note.created\`,
\`sms.sent\`, \`sms.delivered\`, \`sms.failed\`. An event is
\`{"id": "evt_…", "type", "createdAt", "data": {"object", "previousAttributes"}, "actor", "requestId"}\`:
\`data.object\` is the resource exactly as the API returns it (for a deletion, as it was, with
\`deleted: true\`), and updates carry the old value of each changed field in
\`previousAttributes\`. Events are kept 30 days.

**Polling: \`GET /events\`.** Page from the start with the default \`sort=createdAt\`, then keep
polling with the last \`meta.cursor\`: you see every event exactly once, deletions included, even
when two changes commit out of order. The feed's order never changes once read (nothing appears
behind your cursor), but it is not the order of \`createdAt\` (when the change's transaction
began), nor, in general, the order changes committed in.

**Order: \`version\`.** Each lead, property and visit carries \`version\`: 1 when created, one
more with every change, its deletion included, taken while the change holds the record's lock.
So of two changes to one record, the later one has the higher version, whatever order their
events reach you in. Keep the version with your copy, and apply an event only when its
\`data.object.version\` is above the one you hold; otherwise skip it, as you already hold that
change or a later one. Updates also name the version they replaced (\`previousAttributes.version\`):
when it is the one you hold, you missed nothing in between. A version can skip a number (a
custom field's definition deleted in Settings removes its value from every record without an
event), so a gap is no lost event: \`GET\` the record when you need it whole. That is the only
order there is: events of different records are not ordered relative to each other, and notes
and SMS have no version.

**Pushing: webhooks.** Add an endpoint in Settings → Webhooks, or with
\`POST /webhook-endpoints\` (REST hooks: an integration can subscribe and unsubscribe itself).
We POST each subscribed event to it as JSON, signed per [Standard Webhooks](https://www.standardwebhooks.com):
headers \`webhook-id\` (the event id), \`webhook-timestamp\` and \`webhook-signature\`.

- **Verify** every request with the endpoint's secret (\`whsec_…\`), with the \`standardwebhooks\`
  library, on the raw body:

  \`\`\`js
  import { Webhook } from "standardwebhooks";
  const event = new Webhook(process.env.LEADPROP_WEBHOOK_SECRET).verify(rawBody, request.headers); // throws if forged
  \`\`\`

  With the SDK, the same check returns the event typed by its \`type\`:

  \`\`\`ts
  import { verifyWebhook } from "@leadprop/sdk";
  const event = verifyWebhook(rawBody, request.headers, process.env.LEADPROP_WEBHOOK_SECRET!);
  if (event.type === "lead.created") console.log(event.data.object.name);
  \`\`\`

  After you roll a secret, the old one keeps signing beside the new one for 24 hours: both
  signatures are in the header, and either verifies.
- **Answer 2xx fast** (within 10 seconds; we do not follow redirects and read at most 64 KB of
  your answer), and do the work afterwards, from a queue.
- **Retries.** Anything but a 2xx, a timeout or a network error is retried, each wait counted
  from the attempt before (with ±10 % jitter): ${retryWaitsText()}. That is ${DELIVERY_ATTEMPTS}
  attempts over ${retrySpanText()}. A
  \`410 Gone\` disables the endpoint at once; so do 5 days without a successful delivery.
  Settings shows why, and re-enabling it is one click (or \`PATCH\` with \`enabled: true\`).
- **At least once, in no guaranteed order.** The same event can arrive more than once
  (deduplicate on \`webhook-id\`), and events can arrive out of order, a retry long after later
  ones: apply one only when its \`data.object.version\` is newer than the one you hold (above).
- **Replay** a delivery from the endpoint's delivery log in Settings (Resend), or catch up on
  anything you missed from \`GET /events\`.
- **URLs** must be \`https\` and must not resolve to a private, loopback or link-local address.
  A name the DNS says does not exist is refused (400). When the DNS cannot answer (a timeout,
  \`SERVFAIL\`), the endpoint is saved anyway: every delivery checks the URL again before it
  sends, and one that cannot resolve is retried like any other failure. On a local install that
  runs on its embedded database (no \`DATABASE_URL\`), a receiver on that computer
  (\`http://localhost:…\`, \`http://127.0.0.1:…\`) is accepted too, for development.

## SMS compliance

US rules (the TCPA and carrier rules) make the agency answer for every text, so the API enforces
them. A lead who replies STOP (or STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT) is opted out
(\`smsOptOut: true\`, texting answers 422 \`lead_opted_out\`) until they reply START (or UNSTOP,
YES). The opt-out belongs to the phone number, not to the lead: every lead of yours with that
number (created later too, in any format, by any route or a CSV import) answers 422
\`lead_opted_out\` at send and at scheduling, and a text already scheduled is not sent. Each lead carries a consent record, \`consent.sms\` (\`status\` \`granted\`, \`revoked\` or
\`unknown\`, with \`at\`, \`source\`, \`text\` and \`ip\`); a STOP revokes it and a START grants it,
and every change is an \`sms_consent_changed\` activity with the old and new record. Record the
consent your web form collected with \`consent\` on \`POST /leads\`, \`PATCH /leads/{id}\` or
\`POST /leads/intake\`: \`{"sms": {"status": "granted", "source": "web form", "text": "<the words
they ticked>", "ip": "<their address>"}}\` (\`at\` is now unless you send when). Sending the same
record again changes nothing. A lead who (or whose number) replied STOP cannot be granted by you (409
\`opt_out_by_recipient\`; an intake's \`granted\` is then ignored and its inquiry kept): only their
START does. A \`revoked\` lead is never texted (422 \`consent_required\`), and a text scheduled
before the revocation is not sent. With "Require SMS consent before texting" on (Settings →
Account), only a lead whose consent is \`granted\` can be texted. Quiet hours hold a text sent outside
08:00–21:00 in the lead's local time until 08:00 (see \`POST /leads/{id}/sms\`).

## Conventions

- **Browsers (CORS).** The API is for your servers, not for web pages: a key is a secret, and a
  page would hand it to every visitor. It answers no CORS headers (no
  \`Access-Control-Allow-Origin\`, in its answers or in its OPTIONS answers), so a browser on
  another origin cannot read an answer, and a call with an \`Authorization\` header fails at the
  preflight. Call it from your backend. The one exception is this document,
  \`${OPENAPI_DOCUMENT_PATH}\`: public and secret-free, it is sent with
  \`Access-Control-Allow-Origin: *\` so tools in a browser (editors, code generators) can load it.
  The Postman collection is a download and has no CORS headers.
- **Paths** take no trailing slash: \`/api/v1/leads/\` and a path with an empty segment
  (\`/api/v1/leads//sms\`) answer 404 \`not_found\`, never a redirect, so a client cannot
  silently land on another resource (the list instead of one lead whose id was left empty).
  So do a leading \`//\`, a \`.\` or \`..\` segment (\`/api/v1/leads/.\`) and another case
  (\`/API/V1/leads\`): paths are lowercase and are not normalized for you.
  A path whose percent-encoding is not valid UTF-8 (\`/api/v1/leads/%ff\`) answers 404
  \`not_found\` too: no id or route can hold it, and it is not worth a retry.
- **Methods.** \`OPTIONS\` on a path of the operations below answers 204 with \`Allow\`
  listing the methods it serves (with \`HEAD\` where it serves \`GET\`). Another of GET, HEAD,
  POST, PUT, PATCH and DELETE answers 405 \`method_not_allowed\` with that \`Allow\`, and so does a
  method outside these and OPTIONS (\`TRACE\`, WebDAV's \`PROPFIND\`, an unknown \`FOO\`…), or 404
  \`not_found\` on a path that does not exist (\`CONNECT\`, which names no path, lists every
  method the API serves), in the same error envelope, with \`X-Request-Id\`. \`OPTIONS\` on the two
  documents (\`${OPENAPI_DOCUMENT_PATH}\`, \`/api/v1/postman.json\`) answers 204 with \`Allow\` too.
- **Malformed HTTP** is answered by the server before any route, in the same envelope with
  \`X-Request-Id\`, and the connection is then closed: a request line and headers over 16 KB
  (a very long query string) is a 431 \`headers_too_large\`, a request that is not valid HTTP/1.1
  a 400 \`malformed_request\`. Three cases cannot have an envelope, because no request was
  read: a connection reset by the client, a request whose head does not arrive within the
  server's timeout (the server closes it, with a bare 408 where it can still write), and HTTP/2
  spoken without TLS negotiation (the connection is closed: the API speaks HTTP/1.1, or HTTP/2
  through your TLS terminator).
- **Bodies** are JSON in UTF-8 with \`Content-Type: application/json\`, uncompressed, at most 100 KB:
  another \`charset\` or a \`Content-Encoding\` is a 415, bytes that are not UTF-8 an \`invalid_json\`. Unknown fields are a
  \`validation_error\`; \`id\`, \`createdAt\`, \`updatedAt\`, \`accountId\` and \`deletedAt\` are never writable.
- **Query parameters** that are unknown, given more than once, or whose percent-encoded bytes are
  not UTF-8 (\`?q=%ff\`), are a \`validation_error\` naming them (nothing is replaced).
- **Text** may be any Unicode except the NUL character (U+0000) and unpaired UTF-16 surrogates,
  which cannot be stored: a body field, key or query parameter holding one is a
  \`validation_error\` naming it (nothing is stripped or replaced).
- **Times you send** must fall between \`0001-01-01T00:00:00Z\` and \`9999-12-31T23:59:59.999Z\`
  once their offset is applied.
- **A 401** carries \`WWW-Authenticate: Bearer realm="LeadProp API"\`, with
  \`error="invalid_token"\` when the key sent is malformed, unknown, revoked or expired (RFC 6750).
- **PATCH** takes any subset of the writable fields (at least one); \`null\` clears a nullable
  field. **POST** answers 201 with a \`Location\` header.
- **Times** are ISO 8601 UTC with milliseconds (\`2026-11-22T09:30:00.000Z\`); times you send may
  carry an offset.
- **IDs** are opaque, time-ordered strings with a type prefix: \`lead_…\`, \`prop_…\`, \`visit_…\`,
  \`act_…\`, \`sms_…\`.
- **Other accounts' ids** are indistinguishable from missing ones: 404 \`not_found\`. An id in a
  body (\`propertyId\`, \`assignedTo\`, \`agentId\`) that is not your account's answers 404 with
  \`details\` naming the field.
- **Phones** are accepted in any common format and returned as E.164 (\`+14155550123\`); numbers
  without \`+\` use your account's default country.
- **Money** is whole currency units (\`budget\`, \`price\`); \`currency\` is ISO 4217.
- **Deleting a lead** is a soft delete: it disappears from the API (lists and 404 everywhere) but
  its activities stay listed in \`GET /activities\`, its \`lead_deleted\` included, and
  \`GET /events\` carries a \`lead.deleted\` event. Deleting a property removes it; its visits and leads keep their rows with
  \`propertyId: null\`.
- **Visits** are booked with \`POST /visits\` and changed with \`PATCH /visits/{id}\`, by the
  web app's rules: moved or edited only while \`scheduled\` (else 409 \`visit_not_scheduled\`),
  \`status\` records the outcome (\`completed\`, \`cancelled\`, \`no_show\`; a no-show only once
  the visit has started, else 422 \`visit_not_started\`). There is no DELETE: a cancelled visit
  stays, with its history.
- **Activities** are written for every change, from the API or the web UI, in the same
  transaction as the change, with the \`actor\` that made it (your key's name for API calls).
`.trim();
