import type { z } from "zod";
import { ApiError } from "@/lib/errors/api-error";
import { logger } from "@/lib/log/logger";
import { limitApiKey, type RateLimitResult } from "@/lib/rate-limit/limit-api-key";
import {
  API_PLAN,
  apiKeyHashFromHeader,
  findApiKeyByHash,
  touchApiKeyLastUsed,
  type ApiKeyContext,
  type KeyWithRead,
} from "./authenticate-api-key";
import { keepAliveUntil } from "./after-response";
import { errorBody, jsonResponse, jsonTextResponse, toApiError } from "./respond";
import { parseWith, queryObject, readJsonBody } from "./parse-input";
import { requestFingerprint, startIdempotentRequest, type IdempotencyStart } from "./idempotency";
import { newRequestId } from "./request-id";
import { recordApiRequest } from "./record-api-request";

type Schema = z.ZodType;
type Out<S> = S extends Schema ? z.output<S> : undefined;

export interface ApiResult {
  status?: number;
  /** The response body, serialized here. */
  body?: unknown;
  /** Or the body already serialized as JSON text (GET /leads: rows serialized by PostgreSQL). */
  json?: string;
  location?: string;
}

export interface HandlerContext<Q, B, P> {
  apiKey: ApiKeyContext;
  query: Q;
  body: B;
  params: P;
  requestId: string;
  /** The text of the route's `readWithKey` (null: it found nothing); undefined without one. */
  read: string | null | undefined;
}

type RouteContext = { params: Promise<Record<string, string | string[]>> };

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** The rate limiter's identifier for a key: half its SHA-256 (128 bits), not the stored hash. */
export const rateLimitIdentifier = (keyHash: string) => `kh_${keyHash.slice(0, 32)}`;

// The one wrapper of /api/v1: request id → key and rate limit (at once) → plan → declared schemas →
// idempotency (POST) → handler → headers → error envelope → one log line.
export function apiRoute<
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
  P extends Schema | undefined = undefined,
>(
  spec: {
    query?: Q;
    body?: B;
    params?: P;
    route: string;
    /** A read that runs in the API key's lookup, one round trip for both (keyLookupWithRead).
     * Reads only: the limit's answer comes back beside it, so a request over the limit has run
     * the read too, and answers 429 all the same. */
    readWithKey?: (keyHash: string, params: Out<P>) => Promise<KeyWithRead>;
  },
  handler: (ctx: HandlerContext<Out<Q>, Out<B>, Out<P>>) => Promise<ApiResult>,
) {
  return async (req: Request, routeContext?: RouteContext): Promise<Response> => {
    const started = performance.now();
    const arrivedAt = new Date();
    const url = new URL(req.url);
    const requestId = newRequestId();
    let apiKey: ApiKeyContext | undefined;
    let rate: RateLimitResult | undefined;
    let idempotency: IdempotencyStart | undefined;
    let result: ApiResult;
    let replayed = false;
    try {
      const keyHash = apiKeyHashFromHeader(req.headers.get("authorization"));
      // Counted by the key's hash, the limit runs while the key is looked up: two round trips
      // at once instead of one after the other. A key that turns out unknown or revoked is
      // counted under a hash no live key has, so it never costs a real key anything.
      const counting = limitApiKey(rateLimitIdentifier(keyHash));
      // Path parameters are read first for a route whose read rides along with the key lookup;
      // invalid ones are still reported after the key, the limit and the plan, like any other.
      const pathInput = spec.params ? await routeContext?.params : undefined;
      const early = spec.readWithKey && spec.params ? spec.params.safeParse(pathInput) : undefined;
      let read: string | null | undefined;
      if (early?.success) ({ key: apiKey, read } = await spec.readWithKey!(keyHash, early.data as Out<P>));
      else apiKey = await findApiKeyByHash(keyHash);
      rate = await counting;
      if (!rate.success)
        throw new ApiError(
          "rate_limited",
          `Rate limit of ${rate.limit} requests per minute exceeded. Retry after the time in Retry-After.`,
        );
      if (apiKey.plan !== API_PLAN)
        throw new ApiError(
          "plan_required",
          "The Public API is available on the Agency plan. Upgrade in Settings → Plan.",
        );

      const params = early?.success ? early.data : spec.params ? parseWith(spec.params, pathInput, "path") : undefined;
      const query = spec.query ? parseWith(spec.query, queryObject(url), "query string") : undefined;
      let body: unknown;
      let raw = "";
      if (spec.body) {
        const read = await readJsonBody(req);
        raw = read.raw;
        body = parseWith(spec.body, read.value, "request body");
      }
      const idempotencyKey = req.headers.get("idempotency-key");
      if (req.method === "POST" && idempotencyKey !== null) {
        if (!IDEMPOTENCY_KEY.test(idempotencyKey)) {
          throw new ApiError("validation_error", "The Idempotency-Key header is invalid.", [
            { path: "Idempotency-Key", message: "Must be 1–255 visible ASCII characters" },
          ]);
        }
        idempotency = await startIdempotentRequest({
          apiKeyId: apiKey.id,
          key: idempotencyKey,
          method: req.method,
          path: url.pathname,
          fingerprint: requestFingerprint(req.method, url.pathname, raw),
        });
      }
      if (idempotency?.kind === "replay") {
        replayed = true;
        result = {
          status: idempotency.response.status,
          body: idempotency.response.body,
          location: idempotency.response.location ?? undefined,
        };
      } else {
        result = await handler({
          apiKey,
          query: query as Out<Q>,
          body: body as Out<B>,
          params: params as Out<P>,
          requestId,
          read,
        });
        if (idempotency?.kind === "proceed") {
          // Serialized once: the stored replay and this response are the same text.
          result.json ??= JSON.stringify(result.body);
          await idempotency.finish({ status: result.status ?? 200, json: result.json, location: result.location });
        }
      }
    } catch (thrown) {
      const error = toApiError(thrown, requestId);
      result = { status: error.status, body: errorBody(error, requestId) };
      if (idempotency?.kind === "proceed") {
        // A provider failure happened for real (the SMS is stored as failed): replay it. Our own
        // failures did nothing: free the key so the retry runs.
        const keep = error.status < 500 || error.code === "sms_provider_error";
        if (keep) {
          result.json = JSON.stringify(result.body);
          await idempotency.finish({ status: error.status, json: result.json }).catch(() => {});
        } else {
          await idempotency.abandon().catch(() => {});
        }
      }
    }

    const status = result.status ?? 200;
    const headers: Record<string, string> = { "X-Request-Id": requestId };
    if (rate) Object.assign(headers, rateLimitHeaders(rate, status === 429));
    if (result.location) headers.Location = result.location;
    if (replayed) headers["Idempotent-Replayed"] = "true";
    const response =
      result.json !== undefined
        ? jsonTextResponse(status, result.json, headers)
        : jsonResponse(status, result.body, headers);

    const durationMs = Math.round(performance.now() - started);
    const errorCode = status >= 400 ? (result.body as { error?: { code?: string } })?.error?.code : undefined;
    logger.info("api request", {
      requestId,
      keyId: apiKey?.id ?? null,
      method: req.method,
      route: spec.route,
      status,
      durationMs,
      errorCode,
    });
    if (apiKey) {
      // Queued, not written: both go out in batches, after the response (write-batcher).
      keepAliveUntil(touchApiKeyLastUsed(apiKey.id));
      keepAliveUntil(
        recordApiRequest({
          accountId: apiKey.accountId,
          apiKeyId: apiKey.id,
          requestId,
          method: req.method,
          path: url.pathname,
          status,
          durationMs,
          errorCode: errorCode ?? null,
          at: arrivedAt,
        }),
      );
    }
    return response;
  };
}

function rateLimitHeaders(rate: RateLimitResult, limited: boolean): Record<string, string> {
  const resetSeconds = Math.max(0, Math.ceil((rate.reset - Date.now()) / 1000));
  const headers: Record<string, string> = {
    "RateLimit-Limit": String(rate.limit),
    "RateLimit-Remaining": String(Math.max(0, rate.remaining)),
    "RateLimit-Reset": String(resetSeconds),
  };
  if (limited) headers["Retry-After"] = String(Math.max(1, resetSeconds));
  return headers;
}
