// The integrator's guide: the document's `info.description`, which the /docs reference renders
// above the operations. It says what the schemas cannot: how to get a key, page, retry, and
// the choices API.md leaves open.

const POSTMAN_COLLECTION_PATH = "/api/v1/postman.json";
export const OPENAPI_DOCUMENT_PATH = "/api/v1/openapi.json";

export const API_GUIDE = `
The LeadProp public API lets your website, portal feeds and tools read and write your account's
leads, properties, visits and activities, and text your leads.

**Downloads:** [Postman collection](${POSTMAN_COLLECTION_PATH}) · [OpenAPI 3.1 document](${OPENAPI_DOCUMENT_PATH})

## Getting started

1. **Create a key.** In the app, open **Settings → Public API** (account owners, Agency plan) and
   create a key. The full key (\`lpm_…\`) is shown once: store it in your secret manager. Keys can
   be revoked there at any time; a revoked key stops working at once.
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

3. **Try it here.** Click *Authentication* (or any operation's *Test Request*), paste your key
   as the bearer token, and send real requests to this server.

## Pagination

Every list answers \`{"data": [...], "meta": {"cursor": "…", "hasMore": true, "limit": 20}}\`.
Ask for up to \`limit\` items (1–100, default 20); pass \`meta.cursor\` back as \`cursor\` for the
next page, with the **same** \`sort\` and filters, until \`hasMore\` is false. Pagination is keyset
based: deep pages cost what the first costs, and walking all pages returns every matching item
exactly once even while new items are being added. A cursor is opaque; an edited one, or one used
with another \`sort\` or other filters, answers 400 \`invalid_cursor\`.

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
it can answer with. Retry 429 (after \`Retry-After\`), 409, 500, 502 (with a new
\`Idempotency-Key\`) and 503; fix the request for the other 4xx. An unknown path under \`/api/v1\`
answers 404 \`not_found\`; a known path with another method answers 405 \`method_not_allowed\`
with an \`Allow\` header.

## Idempotency

Every POST accepts an \`Idempotency-Key\` header (1–255 visible ASCII characters; a UUID is
ideal). Within 24 hours, the same key with the same request replays the first response (same
status and body, plus \`Idempotent-Replayed: true\`) and does nothing twice: no second lead, no
second SMS. The same key with a different request answers 422 \`idempotency_key_reused\`; while
the first request is still running, a duplicate answers 409 \`idempotency_in_progress\`. Keys
are per API key. Requests rejected before any work is done (invalid input, auth, rate limit) or
failing on our side (500, 503) do not use up the key: fix or retry with the same key.

## Conventions

- **Bodies** are JSON with \`Content-Type: application/json\`, at most 100 KB. Unknown fields are a
  \`validation_error\`; \`id\`, \`createdAt\`, \`updatedAt\`, \`accountId\` and \`deletedAt\` are never writable.
- **Query parameters** that are unknown, or given more than once, are a \`validation_error\`.
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
- **Activities** are written for every change, from the API or the web UI, in the same
  transaction as the change, with the \`actor\` that made it (your key's name for API calls).
`.trim();
