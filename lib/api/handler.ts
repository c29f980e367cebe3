import type { z } from "zod";
import { ApiError } from "@/lib/errors/api-error";
import { JsonText } from "@/lib/query/json-text";
import { limitApiKey, type RateLimitResult } from "@/lib/rate-limit/limit-api-key";
import type { Actor } from "@/lib/activities/record-activity";
import { apiKeyActor } from "./api-key-actor";
import { API_PLAN } from "@/lib/accounts/api-plan";
import { apiKeyHashFromHeader, assertNotExpired, findApiKeyByHash, type ApiKeyContext } from "./authenticate-api-key";
import { jsonTextResponse, rateLimitHeaders, toApiError, wwwAuthenticate } from "./respond";
import { errorBody } from "@/lib/errors/error-body";
import { parseWith, queryObject, readJsonBody } from "./parse-input";
import { claimIdempotencyKey, type IdempotencyStart } from "./idempotency";
import { etagOf } from "./etag";
import { ifMatchVersions } from "./if-match";
import { newRequestId } from "@/lib/ids/new-request-id";
import { reportApiRequest } from "./report-api-request";
import { assertPermitted } from "@/lib/keys/assert-permitted";
import type { OperationSpec } from "@/lib/openapi/operation-spec";
import { requestClient, type RequestClient } from "@/lib/audit/request-client";
import { countRateLimitRefusal } from "@/lib/observability/rate-limit-metrics";
import { traceApiRequest } from "@/lib/observability/trace-api-request";

type Schema = z.ZodType;
/** What the handler gets for an input the operation declares a schema for; undefined otherwise. */
type Parsed<Op, K extends "query" | "params"> = Op extends { [k in K]: infer S extends Schema }
  ? z.output<S>
  : undefined;
type ParsedBody<Op> = Op extends { body: { schema: infer S extends Schema } } ? z.output<S> : undefined;
type ContextOf<Op> = HandlerContext<Parsed<Op, "query">, ParsedBody<Op>, Parsed<Op, "params">>;

/** The name the logs, metrics and traces give an operation: `GET /leads/:id`. */
const routeName = (op: OperationSpec) =>
  `${op.method.toUpperCase()} ${op.path.replace(/^\/api\/v1/, "").replace(/\{(\w+)\}/g, ":$1")}`;

/** What every /api/v1 handler returns. The body is an object, serialized here, or JSON text a
 * service had PostgreSQL write from the resource's public shape (lib/query/json-text.ts). */
export interface ApiResult {
  status?: number;
  body: object | JsonText<unknown>;
  location?: string;
  /** The record's version, sent as its ETag (lib/api/etag.ts). */
  version?: number;
}

interface HandlerContext<Q, B, P> {
  apiKey: ApiKeyContext;
  /** Who a change is attributed to: the key, by name, and this request's id (events carry it). */
  actor: Actor;
  query: Q;
  body: B;
  params: P;
  requestId: string;
  /** The client's address and user agent, for audited changes (webhook endpoints). */
  origin: RequestClient;
  /** The versions the request's If-Match accepts (lib/api/if-match.ts): read by the routes that
   * honour it, a 400 when malformed. */
  ifMatch: readonly number[] | undefined;
}

type RouteContext = { params: Promise<Record<string, string | string[]>> };

/** The rate limiter's identifier for a key: half its SHA-256 (128 bits), not the stored hash. */
const rateLimitIdentifier = (keyHash: string) => `kh_${keyHash.slice(0, 32)}`;

const textOf = (body: ApiResult["body"]) => (body instanceof JsonText ? body.text : JSON.stringify(body));

// The one wrapper of /api/v1: request id → key and rate limit (at once) → plan → permission →
// declared schemas → idempotency (POST) → handler → headers → error envelope → one log line. Nothing of
// the account's data is read before the key, the limit and the plan have passed.
// The operation is the one declaration the OpenAPI document is built from too (operations.ts
// beside each route): what is parsed and checked here is what the document says.
export function apiRoute<Op extends OperationSpec>(spec: Op, handler: (ctx: ContextOf<Op>) => Promise<ApiResult>) {
  const route = routeName(spec);
  const serve = async (req: Request, routeContext?: RouteContext): Promise<Response> => {
    const started = performance.now();
    const arrivedAt = new Date();
    const url = new URL(req.url);
    const requestId = newRequestId();
    let apiKey: ApiKeyContext | undefined;
    let rate: RateLimitResult | undefined;
    let idempotency: IdempotencyStart | undefined;
    let status: number;
    let text: string;
    let location: string | undefined;
    let version: number | undefined;
    let errorCode: string | undefined;
    try {
      const keyHash = apiKeyHashFromHeader(req.headers.get("authorization"));
      // Counted by the key's hash, the limit runs while the key is looked up: two round trips
      // at once instead of one after the other. A key that turns out unknown or revoked is
      // counted under a hash no live key has, so it never costs a real key anything.
      const counting = limitApiKey(rateLimitIdentifier(keyHash));
      apiKey = await findApiKeyByHash(keyHash);
      rate = await counting;
      assertNotExpired(apiKey);
      if (!rate.success) {
        countRateLimitRefusal();
        throw new ApiError(
          "rate_limited",
          `Rate limit of ${rate.limit} requests per minute exceeded. Retry after the time in Retry-After.`,
        );
      }
      if (apiKey.plan !== API_PLAN) {
        throw new ApiError(
          "plan_required",
          "The Public API is available on the Agency plan. Upgrade in Settings → Plan.",
        );
      }
      assertPermitted(apiKey.permissions, spec.permission);

      const params = spec.params ? parseWith(spec.params, await routeContext?.params, "path") : undefined;
      const query = spec.query ? parseWith(spec.query, queryObject(url), "query string") : undefined;
      let body: unknown;
      if (spec.body) body = parseWith(spec.body.schema, (await readJsonBody(req)).value, "request body");
      if (req.method === "POST") idempotency = await claimIdempotencyKey(req, url, apiKey, body);
      if (idempotency?.kind === "replay") {
        status = idempotency.response.status;
        text = idempotency.response.text;
        if (status >= 400) errorCode = (JSON.parse(text) as { error?: { code?: string } }).error?.code;
        location = idempotency.response.location ?? undefined;
      } else {
        const actor = { ...apiKeyActor(apiKey), requestId };
        const ctx = {
          apiKey,
          actor,
          query,
          body,
          params,
          requestId,
          // Read only by the few audited routes (webhook endpoints): not on every request.
          get origin() {
            return requestClient(req.headers);
          },
          get ifMatch() {
            return ifMatchVersions(req.headers.get("if-match"));
          },
        } as ContextOf<Op>;
        const result = await handler(ctx);
        status = result.status ?? 200;
        text = textOf(result.body);
        location = result.location;
        version = result.version;
        // Serialized once: the stored replay and this response are the same text.
        if (idempotency) await idempotency.finish({ status, json: text, location, sealed: spec.sealReplay });
      }
    } catch (thrown) {
      const error = toApiError(thrown, requestId);
      status = error.status;
      text = JSON.stringify(errorBody(error, requestId));
      location = undefined;
      errorCode = error.code;
      if (idempotency?.kind === "proceed") {
        // A provider failure happened for real (the SMS is stored as failed): replay it. Our own
        // failures did nothing: free the key so the retry runs.
        const keep = error.status < 500 || error.code === "sms_provider_error";
        await (keep ? idempotency.finish({ status, json: text }) : idempotency.abandon()).catch(() => {});
      }
    }

    const headers: Record<string, string> = { "X-Request-Id": requestId };
    if (rate) Object.assign(headers, rateLimitHeaders(rate, status === 429));
    if (location) headers.Location = location;
    if (version !== undefined && status < 300) headers.ETag = etagOf(version);
    if (status === 401) headers["WWW-Authenticate"] = wwwAuthenticate(errorCode);
    if (idempotency?.kind === "replay") headers["Idempotent-Replayed"] = "true";
    const response = jsonTextResponse(status, text, headers);

    reportApiRequest({
      requestId,
      apiKey,
      method: req.method,
      route,
      path: url.pathname,
      status,
      durationMs: Math.round(performance.now() - started),
      errorCode,
      arrivedAt,
    });
    return response;
  };
  // In the request's span (Next's, or one of our own when tracing is on and none is active).
  const traced = (req: Request, routeContext?: RouteContext) =>
    traceApiRequest(req.method, route, () => serve(req, routeContext));
  // The document test checks that each route runs the very operation the document lists.
  return Object.assign(traced, { operation: spec as OperationSpec });
}
