import { OPENAPI_DOCUMENT_PATH } from "../document-paths";

// The guide's "Conventions" (lib/openapi/api-guide.ts puts the sections in order).

export const conventionsSection = `
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
  \`task_…\`, \`act_…\`, \`sms_…\`.
- **Other accounts' ids** are indistinguishable from missing ones: 404 \`not_found\`. A
  \`propertyId\` in a body that is not your account's answers 404 with \`details\` naming the
  field. A user id in a body (\`assignedTo\`, \`agentId\`) must be an active user of your account
  (\`GET /users\`): another account's user or a deactivated one is a 400 \`validation_error\`
  naming the field, never a silent \`null\`.
- **Phones** are accepted in any common format and returned as E.164 (\`+14155550123\`); numbers
  without \`+\` use your account's default country.
- **Money** is whole currency units (\`budget\`, \`price\`); \`currency\` is ISO 4217.
- **Deleting a lead** is a soft delete: it disappears from the API (lists and 404 everywhere) but
  its activities stay listed in \`GET /activities\`, its \`lead_deleted\` included, and
  \`GET /events\` carries a \`lead.deleted\` event. Deleting a property removes it; its visits and leads keep their rows with
  \`propertyId: null\`.
- **Visits** are booked with \`POST /visits\` and changed with \`PATCH /visits/{id}\`, by the
  web app's rules: moved or edited only while \`scheduled\` (else 409 \`visit_not_scheduled\`),
  \`status\` records the outcome (\`completed\`, \`cancelled\`, \`no_show\`; completed or
  no-show only once the visit has started, else 422 \`visit_not_started\`). There is no DELETE:
  a cancelled visit stays, with its history. A new visit cannot start more than 5 minutes in the
  past (400 \`validation_error\`; the 5 minutes allow for clock skew). An agent is at one visit
  at a time: a booking or a move that overlaps another \`scheduled\` visit of the same agent is
  409 \`visit_conflict\`, whose \`details\` name that visit (\`visitId\`, \`scheduledAt\`);
  back to back is fine, and cancelled or finished visits never block. A Full access key may
  send \`allowConflict: true\` to book over it; each override is in the audit log.
- **Tasks** are an agent's to-dos, about a lead or none: \`GET /tasks?assignedTo=me&status=open&dueBefore=<now>\`
  is what the key's user has overdue (\`me\` is the user who created the key). \`PATCH\` with
  \`status: done\` completes one (\`completedAt\` is set, and a task about a lead writes a
  \`task_completed\` activity on it); \`open\` reopens it and clears \`completedAt\`. The list is
  in due order unless \`sort\` says otherwise. Each agent gets a digest of the day's tasks by email
  at 08:00 in their own time zone.
- **Activities** are written for every change, from the API or the web UI, in the same
  transaction as the change, with the \`actor\` that made it (your key's name for API calls).
- **Users** are your account's members (\`GET /users\`, permission \`users:read\`): their \`id\`
  (\`user_…\`) is what \`assignedTo\` and \`agentId\` take. Owners add, deactivate and reactivate
  them in Settings → Team; a deactivated user (\`active: false\`) keeps what was assigned to them
  but cannot be given anything new. \`GET /users?active=true\` lists the ones you can assign.
`.trim();
