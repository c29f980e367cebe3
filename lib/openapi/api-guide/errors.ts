// The guide's "Errors" (lib/openapi/api-guide.ts puts the sections in order).

export const errorsSection = `
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
`.trim();
