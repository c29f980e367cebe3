// The guide's "Idempotency" (lib/openapi/api-guide.ts puts the sections in order).

export const idempotencySection = `
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
gets 422), and another account's same key never collides with yours. Requests rejected before
any work is done (invalid input, auth, rate limit) or failing on our side (500, 503) do not use
up the key: fix or retry with the same key.
`.trim();
