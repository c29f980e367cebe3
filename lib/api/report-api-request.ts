import { logger } from "@/lib/log/logger";
import { recordApiRequestMetrics } from "@/lib/observability/api-request-metrics";
import { annotateApiRequestSpan } from "@/lib/observability/trace-api-request";
import { keepAliveUntil } from "./after-response";
import { touchApiKeyLastUsed, type ApiKeyContext } from "./authenticate-api-key";
import { recordApiRequest } from "./record-api-request";

export interface ApiRequestReport {
  requestId: string;
  /** The key the request authenticated with; undefined when it had none that is live. */
  apiKey: ApiKeyContext | undefined;
  method: string;
  route: string;
  path: string;
  status: number;
  durationMs: number;
  errorCode: string | undefined;
  arrivedAt: Date;
}

/** One JSON log line per request (never a key or a body); for a live key, its lastUsedAt and its
 * request-log row, queued, not written: both go out in batches after the response (write-batcher). */
export function reportApiRequest(report: ApiRequestReport): void {
  const { requestId, apiKey, method, route, path, status, durationMs, errorCode, arrivedAt } = report;
  logger.info("api request", { requestId, keyId: apiKey?.id ?? null, method, route, status, durationMs, errorCode });
  recordApiRequestMetrics(method, route, status, durationMs);
  annotateApiRequestSpan(report); // still in the request's span: called before the route returns
  if (!apiKey) return;
  keepAliveUntil(touchApiKeyLastUsed(apiKey.id));
  keepAliveUntil(
    recordApiRequest({
      accountId: apiKey.accountId,
      apiKeyId: apiKey.id,
      requestId,
      method,
      path,
      status,
      durationMs,
      errorCode: errorCode ?? null,
      at: arrivedAt,
    }),
  );
}
