import type { oas31 } from "zod-openapi";

// The headers our responses carry (lib/api/handler.ts merges them into every answer), written
// once here as components so each response of the document declares exactly the ones it has.

type Header = oas31.HeaderObject;
type HeaderOrRef = Header | oas31.ReferenceObject;

const integer = (description: string, required: boolean, example: number, minimum = 0): Header => ({
  description,
  required,
  schema: { type: "integer", minimum },
  example,
});

const rateLimit = (required: boolean): Record<string, Header> => ({
  "RateLimit-Limit": integer("Requests allowed per 60-second sliding window for this key (100).", required, 100),
  "RateLimit-Remaining": integer("Requests left in the current window.", required, 99),
  "RateLimit-Reset": integer("Seconds until a request frees up in the window.", required, 42),
});

export const HEADER_COMPONENTS: Record<string, Header> = {
  "X-Request-Id": {
    description:
      "This request's id (the same value as `error.requestId`). Quote it to support; it is never taken from the client.",
    required: true,
    schema: { type: "string", pattern: "^req_[0-9a-z]+$" },
    example: "req_01jf3v6q2m8k4x5y7z9a0b1c2d",
  },
  ...rateLimit(true),
  "Retry-After": integer("Whole seconds to wait before retrying (at least 1).", true, 12, 1),
  "WWW-Authenticate": {
    description:
      'The scheme to authenticate with (RFC 6750): `Bearer realm="LeadProp API"`, with `error="invalid_token"` when a key was sent but is malformed, unknown, revoked or expired.',
    required: true,
    schema: { type: "string" },
    example: 'Bearer realm="LeadProp API", error="invalid_token"',
  },
  ETag: {
    description:
      "The record's version as a strong entity tag (`\"3\"`): send it back in `If-Match` on PATCH or DELETE to change the record only if no one else has since. It names the record's state, not the bytes: the activities GET /leads/{id} embeds can change without it.",
    required: true,
    schema: { type: "string", pattern: '^"[1-9][0-9]*"$' },
    example: '"3"',
  },
  "Idempotent-Replayed": {
    description:
      "`true` when this is the stored response of an earlier request with the same `Idempotency-Key` (nothing was done twice). Absent otherwise.",
    required: false,
    schema: { type: "string", enum: ["true"] },
    example: "true",
  },
};

const ref = (name: keyof typeof HEADER_COMPONENTS & string): oas31.ReferenceObject => ({
  $ref: `#/components/headers/${name}`,
});

export const requestIdHeader = () => ({ "X-Request-Id": ref("X-Request-Id") });

/** RateLimit-* are on every response to an authenticated request. On a 500 or 503 they may be
 * missing: the failure can come before the key was checked. */
export const rateLimitHeaders = (required = true): Record<string, HeaderOrRef> =>
  required
    ? {
        "RateLimit-Limit": ref("RateLimit-Limit"),
        "RateLimit-Remaining": ref("RateLimit-Remaining"),
        "RateLimit-Reset": ref("RateLimit-Reset"),
      }
    : rateLimit(false);

export const retryAfterHeader = () => ({ "Retry-After": ref("Retry-After") });
export const wwwAuthenticateHeader = () => ({ "WWW-Authenticate": ref("WWW-Authenticate") });
export const etagHeader = () => ({ ETag: ref("ETag") });
export const idempotentReplayedHeader = () => ({ "Idempotent-Replayed": ref("Idempotent-Replayed") });

export const locationHeader = (description: string, example: string): Record<string, Header> => ({
  Location: { description, required: true, schema: { type: "string", pattern: "^/api/v1/" }, example },
});
