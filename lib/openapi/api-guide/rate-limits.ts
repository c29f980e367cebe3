// The guide's "Rate limits" (lib/openapi/api-guide.ts puts the sections in order).

export const rateLimitsSection = `
## Rate limits

100 requests per minute per key, over a sliding 60-second window, across every endpoint and every
server. Every authenticated response carries \`RateLimit-Limit\`, \`RateLimit-Remaining\` and
\`RateLimit-Reset\` (seconds until a request frees up). Past the limit you get 429 \`rate_limited\`
with \`Retry-After\` in whole seconds: wait that long, then retry. Requests that fail
authentication are not counted.
`.trim();
