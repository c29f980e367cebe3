import { ApiError } from "@/lib/errors/api-error";
import { errorBody } from "@/lib/errors/error-body";
import { logger } from "@/lib/log/logger";
import type { RateLimitResult } from "@/lib/rate-limit/limit-api-key";
import { describeError } from "@/lib/log/describe-error";

// The only places API responses are built: the success envelopes and the one error envelope.

const JSON_HEADERS = { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" };

/** RateLimit-* (IETF draft) on every answer of a counted request; Retry-After, in whole seconds,
 * on a 429. */
export function rateLimitHeaders(rate: RateLimitResult, limited: boolean): Record<string, string> {
  const resetSeconds = Math.max(0, Math.ceil((rate.reset - Date.now()) / 1000));
  const headers: Record<string, string> = {
    "RateLimit-Limit": String(rate.limit),
    "RateLimit-Remaining": String(Math.max(0, rate.remaining)),
    "RateLimit-Reset": String(resetSeconds),
  };
  if (limited) headers["Retry-After"] = String(Math.max(1, resetSeconds));
  return headers;
}

function jsonResponse(status: number, body: unknown, headers?: Record<string, string>): Response {
  return jsonTextResponse(status, JSON.stringify(body), headers);
}

/** A body already serialized as JSON text. */
export function jsonTextResponse(status: number, json: string, headers?: Record<string, string>): Response {
  return new Response(json, { status, headers: { ...JSON_HEADERS, ...headers } });
}

export function errorResponse(error: ApiError, requestId: string, headers?: Record<string, string>): Response {
  return jsonResponse(error.status, errorBody(error, requestId), { "X-Request-Id": requestId, ...headers });
}

// PostgreSQL / driver errors that mean "the database cannot be reached", not "the query is wrong".
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "57P01",
  "57P02",
  "57P03",
  "53300",
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
]);

export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    if (typeof e.code === "string" && UNAVAILABLE_CODES.has(e.code)) return true;
    if (e instanceof Error && /embedded database is in use/.test(e.message)) return true;
  }
  return false;
}

/** Any thrown thing → an ApiError. Unknown errors are logged here and never echoed. */
export function toApiError(error: unknown, requestId: string): ApiError {
  if (error instanceof ApiError) return error;
  if (isDatabaseUnavailable(error)) {
    logger.error("database unavailable", { requestId, error: describeError(error) });
    return new ApiError("service_unavailable", "The service is temporarily unavailable. Retry in a few seconds.");
  }
  logger.error("unhandled error", { requestId, error: describeError(error) });
  return new ApiError(
    "internal_error",
    "Something went wrong on our side. Retry later or contact support with the request id.",
  );
}

/** RFC 6750: a 401 names the scheme, and says `invalid_token` when a key was sent but is no good
 * (unknown, revoked or expired). */
export const wwwAuthenticate = (code: string | undefined) =>
  `Bearer realm="LeadProp API"${code === "invalid_api_key" || code === "api_key_expired" ? ', error="invalid_token"' : ""}`;
