import type { components } from "./generated/openapi";

type ErrorBody = components["schemas"]["Error"]["error"];

/** Every `error.code` the API answers with (the union from the OpenAPI document). */
export type LeadPropErrorCode = ErrorBody["code"];
export type LeadPropErrorDetail = NonNullable<ErrorBody["details"]>[number];

/** A non-2xx answer of the API, after any retries. Program against `code`, not `message`. */
export class LeadPropError extends Error {
  override readonly name = "LeadPropError";

  constructor(
    readonly status: number,
    readonly code: LeadPropErrorCode,
    message: string,
    /** Every problem found (`validation_error`), the field at fault (`not_found` on a body id), or
     * the permission missing (`insufficient_permissions`), or for `cursor_expired` (GET /events, a
     * gap in the feed) `details[0].oldestCursor`: re-sync, then poll from it. Empty when the API
     * sent none. */
    readonly details: LeadPropErrorDetail[],
    /** The `X-Request-Id` of the failed request: quote it to support. */
    readonly requestId: string | null,
  ) {
    super(message);
  }

  /** Narrows an unknown thrown value: `if (LeadPropError.is(e, "not_found")) …`. */
  static is(error: unknown, code?: LeadPropErrorCode): error is LeadPropError {
    return error instanceof LeadPropError && (code === undefined || error.code === code);
  }
}

// An answer without the API's envelope can only come from something in between (a proxy, a load
// balancer): name it by its status so callers still get one error type.
const CODE_BY_STATUS: Record<number, LeadPropErrorCode> = {
  404: "not_found",
  405: "method_not_allowed",
  413: "payload_too_large",
  415: "unsupported_media_type",
  429: "rate_limited",
  503: "service_unavailable",
};

function isEnvelope(body: unknown): body is { error: ErrorBody } {
  const error = (body as { error?: Partial<ErrorBody> } | null)?.error;
  return typeof error?.code === "string" && typeof error.message === "string";
}

/** The error for a non-2xx `response` whose body openapi-fetch already read into `body`. */
export function toLeadPropError(response: Response, body: unknown): LeadPropError {
  const headerId = response.headers.get("x-request-id");
  if (isEnvelope(body)) {
    const { code, message, details, requestId } = body.error;
    return new LeadPropError(response.status, code, message, details ?? [], requestId ?? headerId);
  }
  const code = CODE_BY_STATUS[response.status] ?? "internal_error";
  const text = typeof body === "string" && body ? `: ${body.slice(0, 200)}` : "";
  return new LeadPropError(
    response.status,
    code,
    `HTTP ${response.status} without an API error body${text}`,
    [],
    headerId,
  );
}
