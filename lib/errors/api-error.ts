// One error class and one table of codes, shared by the API, the web UI and the CLI.
// Services throw ApiError; the API wrapper turns it into the error envelope.

export const ERROR_STATUS = {
  invalid_json: 400,
  validation_error: 400,
  invalid_cursor: 400,
  /** Not HTTP/1.1 at all: refused by Node's parser before any route (lib/api/unparsed-request-answer.ts). */
  malformed_request: 400,
  missing_api_key: 401,
  invalid_api_key: 401,
  api_key_expired: 401,
  /** A bearer token other than an API key is missing or wrong (GET /api/metrics and METRICS_TOKEN). */
  unauthorized: 401,
  plan_required: 403,
  insufficient_permissions: 403,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  idempotency_in_progress: 409,
  opt_out_by_recipient: 409,
  external_id_taken: 409,
  sms_not_scheduled: 409,
  visit_not_scheduled: 409,
  /** The visit's agent has another scheduled visit at an overlapping time (lib/visits/visit-conflicts.ts). */
  visit_conflict: 409,
  /** Replay since… to an endpoint that is disabled: its deliveries would only be skipped. */
  webhook_endpoint_disabled: 409,
  /** If-Match names a version the record is no longer at (lib/api/if-match.ts). */
  precondition_failed: 412,
  /** GET /events: the cursor points into events already expired (lib/events/check-cursor-kept.ts). */
  cursor_expired: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  /** The request line and headers are over Node's 16 KB. */
  headers_too_large: 431,
  lead_has_no_phone: 422,
  lead_opted_out: 422,
  consent_required: 422,
  quiet_hours_override_not_allowed: 422,
  visit_not_started: 422,
  webhook_endpoint_limit: 422,
  idempotency_key_reused: 422,
  rate_limited: 429,
  internal_error: 500,
  sms_provider_error: 502,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** The codes /api/v1 never answers (the web UI's and GET /api/metrics'). Every other code is the
 * public API's: lib/openapi/error-catalogue.ts must explain it, or the build fails. */
export const CODES_OUTSIDE_PUBLIC_API = [
  "unauthorized",
  "forbidden",
  "conflict",
] as const satisfies readonly ErrorCode[];

export interface ErrorDetail {
  path: string;
  message: string;
  /** insufficient_permissions: the permission the operation needs, e.g. `leads:write`. */
  permission?: string;
  /** cursor_expired: a cursor at the oldest event still kept, to go on from after re-baselining. */
  oldestCursor?: string;
  /** visit_conflict: the agent's other visit, and when it starts (ISO 8601 UTC). */
  visitId?: string;
  scheduledAt?: string;
}

export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
  ) {
    super(message);
    this.name = "ApiError";
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (what: string) => new ApiError("not_found", `${what} not found.`);
