import { z } from "zod";
import type { ZodOpenApiOperationObject, ZodOpenApiResponseObject } from "zod-openapi";
import { listMetaSchema } from "@/lib/schemas/common";
import type { ErrorExample, PublicErrorCode } from "./error-catalogue";
import { errorResponses } from "./error-responses";
import type { OperationSpec, SuccessSpec } from "./operation-spec";
import { documentedPathParams } from "./path-params";
import {
  insufficientPermissionsExample,
  requiredPermissionNames,
  requiredPermissionSentence,
} from "./required-permission";
import {
  etagHeader,
  idempotentReplayedHeader,
  locationHeader,
  rateLimitHeaders,
  requestIdHeader,
} from "./response-headers";

// An operation's declaration → its OpenAPI operation, with what every operation of its kind
// shares (auth, rate limit, body errors, idempotency) so no operation can forget them.

/** Every operation needs a valid, unexpired key on the Agency plan with the operation's
 * permission, and is rate limited. */
const EVERY_OPERATION: PublicErrorCode[] = [
  "missing_api_key",
  "invalid_api_key",
  "api_key_expired",
  "plan_required",
  "insufficient_permissions",
  "rate_limited",
  "internal_error",
  "service_unavailable",
];
const WITH_PARAMS: PublicErrorCode[] = ["validation_error", "not_found"];
const WITH_QUERY: PublicErrorCode[] = ["validation_error"];
/** A paged list: its `cursor` can be refused. */
const LIST: PublicErrorCode[] = ["invalid_cursor"];
const WITH_BODY: PublicErrorCode[] = [
  "invalid_json",
  "validation_error",
  "payload_too_large",
  "unsupported_media_type",
];
const POST: PublicErrorCode[] = ["validation_error", "idempotency_in_progress", "idempotency_key_reused"];

// Mirrors the check in lib/api/handler.ts (1–255 visible ASCII characters).
const idempotencyHeaders = z.object({
  "Idempotency-Key": z
    .string()
    .regex(/^[\x21-\x7e]{1,255}$/)
    .optional()
    .meta({
      description:
        "Makes a retry safe: the same key with the same body within 24 hours replays the first response (with `Idempotent-Replayed: true`) and does nothing twice. 1–255 visible ASCII characters, e.g. a UUID. Keys are per account: any of its keys with the same permissions replays.",
      example: "3f9a1c7e-2b4d-4e8f-9a6b-1c2d3e4f5a6b",
    }),
});

/** PATCH and DELETE of a versioned record: the `If-Match` they honour (lib/api/if-match.ts). */
const takesIfMatch = (spec: OperationSpec) => spec.versioned === true && spec.method !== "get";

// Mirrors lib/api/if-match.ts: `*` or a list of entity tags.
const ifMatchHeaders = z.object({
  "If-Match": z.string().optional().meta({
    description:
      'The `ETag` your copy came with (`"3"`): the change is made only if the record is still at that version, checked under its lock; otherwise 412 `precondition_failed` and nothing changes. Several tags, comma-separated, accept any of them; `*` or no header, any version. Weak tags (`W/"3"`) never match.',
    example: '"3"',
  }),
});

function errorCodesOf(spec: OperationSpec): PublicErrorCode[] {
  return [
    ...(takesIfMatch(spec) ? (["precondition_failed"] as const) : []),
    ...EVERY_OPERATION,
    ...(spec.params ? WITH_PARAMS : []),
    ...(spec.query ? WITH_QUERY : []),
    ...(spec.query && "cursor" in spec.query.shape ? LIST : []),
    ...(spec.body ? WITH_BODY : []),
    ...(spec.method === "post" ? POST : []),
    ...(spec.errors ?? []),
  ];
}

// What a validation error looks like depends on what the operation reads.
const QUERY_INVALID: ErrorExample = {
  message: "The query string is invalid: 2 problems (see details).",
  details: [
    { path: "limit", message: "Must be an integer from 1 to 100" },
    { path: "bogus", message: "Unknown field" },
  ],
};
const PATH_INVALID: ErrorExample = {
  message: "The path is invalid: 1 problem (see details).",
  details: [{ path: "id", message: "Too big: expected string to have <=100 characters" }],
};

function validationExample(spec: OperationSpec): ErrorExample | undefined {
  if (spec.body) return undefined; // the catalogue's example is a body's
  return spec.query ? QUERY_INVALID : PATH_INVALID;
}

export function toOperationObject(spec: OperationSpec): ZodOpenApiOperationObject {
  const isPost = spec.method === "post";
  return {
    operationId: spec.operationId,
    tags: [spec.tag],
    summary: spec.summary,
    description: `${spec.description}\n\n${requiredPermissionSentence(spec.permission)}`,
    "x-required-permissions": requiredPermissionNames(spec.permission),
    requestParams: {
      ...(spec.params && { path: documentedPathParams(spec.path, spec.params) }),
      ...(spec.query && { query: spec.query }),
      ...(isPost && { header: idempotencyHeaders }),
      ...(takesIfMatch(spec) && { header: ifMatchHeaders }),
    },
    ...(spec.body && {
      requestBody: {
        required: true,
        content: {
          "application/json": { schema: spec.body.documented ?? spec.body.schema, examples: spec.body.examples },
        },
      },
    }),
    responses: {
      [String(spec.response.status)]: successResponse(spec, spec.response),
      ...(spec.response.also && {
        [String(spec.response.also.status)]: successResponse(spec, { ...spec.response, ...spec.response.also }),
      }),
      ...errorResponses(errorCodesOf(spec), {
        replayable: isPost,
        examples: {
          validation_error: validationExample(spec),
          insufficient_permissions: insufficientPermissionsExample(spec.permission),
          ...spec.errorExamples,
        },
      }),
    },
  };
}

function successResponse(spec: OperationSpec, response: SuccessSpec): ZodOpenApiResponseObject {
  const schema = spec.list
    ? z.object({ data: z.array(response.schema), meta: listMetaSchema })
    : z.object({ data: response.schema, ...response.envelope });
  const headers = {
    ...requestIdHeader(),
    ...rateLimitHeaders(),
    ...(response.location && locationHeader(response.location.description, response.location.example)),
    ...(spec.method === "post" && idempotentReplayedHeader()),
    ...(spec.versioned && spec.method !== "delete" && etagHeader()),
  };
  return {
    description: response.description,
    headers,
    content: { "application/json": { schema, example: response.example } },
  };
}
