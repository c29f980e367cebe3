import { z } from "zod";
import type { ZodOpenApiResponseObject, oas31 } from "zod-openapi";
import { ERROR_STATUS } from "@/lib/errors/api-error";
import { ERROR_CATALOGUE, PUBLIC_ERROR_CODES, type ErrorExample, type PublicErrorCode } from "./error-catalogue";
import {
  idempotentReplayedHeader,
  rateLimitHeaders,
  requestIdHeader,
  retryAfterHeader,
  wwwAuthenticateHeader,
} from "./response-headers";

// The one error envelope, and the error responses of an operation: one per status, each
// listing (and, in its schema, allowing only) the codes that operation can answer with.
//
// A response allows its codes by naming one schema per code (`NotFoundError`, …), or `anyOf`
// them when a status has several codes. Not `allOf: [Error, {narrowed code}]`: Redocly reads
// that narrowing as forbidding the envelope's other fields and called every error example
// invalid, and draft-07 readers take the two branches apart too. A flat schema per code reads
// the same in every tool. `anyOf`, not `oneOf`: the codes already exclude each other, and
// linters cannot see that through the nested `code` and warn about overlapping branches.

// Strict objects: their input and output schemas are the same, so the document has one
// `ErrorDetail` (a plain object would also get an `ErrorDetailOutput`).
const errorDetailSchema = z
  .strictObject({
    path: z.string().meta({
      description: "The field, query parameter or header at fault, dotted when nested (`address.country`).",
      example: "email",
    }),
    message: z.string().meta({ description: "What is wrong with it, for a human.", example: "Invalid email" }),
    permission: z.string().optional().meta({
      description: "For `insufficient_permissions`: the permission the operation needs.",
      example: "leads:write",
    }),
    oldestCursor: z.string().optional().meta({
      description:
        "For `cursor_expired`: a cursor just before the oldest event still kept. Re-sync your copy of the resources first (list them), then poll the feed from this cursor.",
    }),
    visitId: z.string().optional().meta({
      description: "For `visit_conflict`: the agent's other visit, the one this would overlap.",
      example: "visit_01jf3v6q2m8k4x5y7z9a0b1c2d",
    }),
    scheduledAt: z.string().optional().meta({
      description: "For `visit_conflict`: when that other visit starts (ISO 8601 UTC).",
      example: "2027-03-01T14:00:00.000Z",
    }),
  })
  .meta({ id: "ErrorDetail", description: "One problem with the request." });

function envelope(code: z.ZodType) {
  return z.strictObject({
    error: z.strictObject({
      code,
      message: z.string().meta({ description: "Human-readable explanation; wording may change." }),
      details: z.array(errorDetailSchema).optional().meta({
        description:
          "Every problem found, for `validation_error` (and for `not_found` on an id sent in the body); for `insufficient_permissions`, the permission missing; for `cursor_expired`, the cursor to read on from (`oldestCursor`); for `visit_conflict`, the other visit (`visitId`, `scheduledAt`).",
      }),
      requestId: z
        .string()
        .meta({ description: "Same as the `X-Request-Id` header.", example: "req_01jf3v6q2m8k4x5y7z9a0b1c2d" }),
    }),
  });
}

/** Any error of the API: what a client's catch-all error type is, and what paths and methods
 * outside the document (404, 405) answer. */
export const errorEnvelopeSchema = envelope(
  z.enum(PUBLIC_ERROR_CODES).meta({
    description: "Stable, machine-readable. Program against this, not against `message`.",
    example: "validation_error",
  }),
).meta({ id: "Error", description: "The one error shape of the API." });

// `not_found` → `NotFoundError`, `internal_error` → `InternalError`.
const schemaName = (code: PublicErrorCode) =>
  `${code
    .replace(/_error$/, "")
    .split("_")
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join("")}Error`;

// One zod instance per code: the document registers each id once.
const byCode = new Map<PublicErrorCode, z.ZodType>();

function codeEnvelope(code: PublicErrorCode): z.ZodType {
  let schema = byCode.get(code);
  if (!schema) {
    schema = envelope(z.enum([code]).meta({ description: "Stable, machine-readable." })).meta({
      id: schemaName(code),
      description: `The error envelope with \`${code}\`: ${ERROR_CATALOGUE[code].when}`,
    });
    byCode.set(code, schema);
  }
  return schema;
}

const errorSchema = (codes: PublicErrorCode[]): z.ZodType =>
  codes.length === 1 ? codeEnvelope(codes[0]) : z.union(codes.map(codeEnvelope));

const STATUS_TITLES: Record<number, string> = {
  400: "Bad request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not found",
  409: "Conflict",
  413: "Payload too large",
  415: "Unsupported media type",
  422: "Unprocessable",
  429: "Too many requests",
  500: "Internal error",
  502: "Bad gateway",
  503: "Service unavailable",
};

// Statuses whose answer is the same for every operation that has them: one component each.
// Not 403: its insufficient_permissions example names the operation's own permission.
const SHARED: Record<number, { name: string; codes: PublicErrorCode[] }> = {
  401: { name: "Unauthorized", codes: ["missing_api_key", "invalid_api_key", "api_key_expired"] },
  409: { name: "IdempotencyInProgress", codes: ["idempotency_in_progress"] },
  413: { name: "PayloadTooLarge", codes: ["payload_too_large"] },
  415: { name: "UnsupportedMediaType", codes: ["unsupported_media_type"] },
  429: { name: "RateLimited", codes: ["rate_limited"] },
  500: { name: "InternalError", codes: ["internal_error"] },
  503: { name: "ServiceUnavailable", codes: ["service_unavailable"] },
};

// The idempotency layer stores (and so replays) what the handler itself answered; validation,
// auth and rate limiting come before the key is claimed, and 500/503 free it.
const REPLAYABLE_STATUSES = new Set([404, 422, 502]);
// A 409 that the handler answered (not the idempotency layer's own) is stored and replayed too.
const REPLAYABLE_CODES = new Set<PublicErrorCode>(["external_id_taken"]);

export interface ErrorResponseOptions {
  /** A POST, whose stored outcome can be replayed under the same Idempotency-Key. */
  replayable: boolean;
  /** Examples closer to this operation than the catalogue's (e.g. which resource is not found). */
  examples?: Partial<Record<PublicErrorCode, ErrorExample>>;
}

export function sharedErrorResponses(): Record<string, ZodOpenApiResponseObject> {
  return Object.fromEntries(
    Object.entries(SHARED).map(([status, { name, codes }]) => [
      name,
      errorResponse(Number(status), codes, { replayable: false }),
    ]),
  );
}

export function errorResponses(
  codes: readonly PublicErrorCode[],
  options: ErrorResponseOptions,
): Record<string, ZodOpenApiResponseObject | oas31.ReferenceObject> {
  const byStatus = new Map<number, PublicErrorCode[]>();
  for (const code of new Set(codes)) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<string, ZodOpenApiResponseObject | oas31.ReferenceObject> = {};
  for (const [status, statusCodes] of [...byStatus].sort(([a], [b]) => a - b)) {
    const shared = SHARED[status];
    // An operation with codes of its own at a shared status (409 external_id_taken beside
    // idempotency_in_progress) gets its own response listing them all.
    const isShared = shared && [...statusCodes].sort().join() === [...shared.codes].sort().join();
    responses[String(status)] = isShared
      ? { $ref: `#/components/responses/${shared.name}` }
      : errorResponse(status, statusCodes, options);
  }
  return responses;
}

function errorResponse(
  status: number,
  codes: PublicErrorCode[],
  options: ErrorResponseOptions,
): ZodOpenApiResponseObject {
  const description = [
    `${STATUS_TITLES[status] ?? "Error"}.`,
    "",
    ...codes.map((code) => `- \`${code}\`: ${ERROR_CATALOGUE[code].when}`),
  ].join("\n");
  const schema = errorSchema(codes);
  const examples: Record<string, oas31.ExampleObject> = Object.fromEntries(
    codes.map((code) => [code, { summary: code, value: exampleErrorBody(code, options.examples?.[code]) }]),
  );
  return {
    description,
    headers: errorHeaders(status, codes, options),
    content: { "application/json": { schema, examples } },
  };
}

function errorHeaders(
  status: number,
  codes: PublicErrorCode[],
  options: ErrorResponseOptions,
): Record<string, oas31.HeaderObject | oas31.ReferenceObject> {
  return {
    ...requestIdHeader(),
    // A request that fails authentication is not counted against any key: no RateLimit headers.
    ...(status !== 401 && rateLimitHeaders(status !== 500 && status !== 503)),
    ...(status === 429 && retryAfterHeader()),
    ...(status === 401 && wwwAuthenticateHeader()),
    ...(options.replayable &&
      (REPLAYABLE_STATUSES.has(status) || codes.some((code) => REPLAYABLE_CODES.has(code))) &&
      idempotentReplayedHeader()),
  };
}

function exampleErrorBody(code: PublicErrorCode, example: ErrorExample = ERROR_CATALOGUE[code]) {
  const { message, details } = example;
  return { error: { code, message, ...(details && { details }), requestId: "req_01jf3v6q2m8k4x5y7z9a0b1c2d" } };
}
