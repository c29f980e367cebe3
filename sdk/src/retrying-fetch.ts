// The transport under the typed client: every request goes through here, so retries and the
// Idempotency-Key apply to the typed calls and to `client.raw` alike.

export type FetchLike = (request: Request) => Promise<Response>;

export interface RetryInfo {
  /** 1 for the first retry. */
  attempt: number;
  delayMs: number;
  request: Request;
  /** The answer that is retried (429, 503), or undefined after a network error. */
  response?: Response;
  error?: unknown;
}

export interface RetryOptions {
  fetch: FetchLike;
  /** Retries after the first attempt (default 2): 3 attempts in all. */
  maxRetries: number;
  /** A `Retry-After` longer than this is not waited out: the 429/503 is thrown at once. */
  maxRetryDelayMs: number;
  onRetry?: (info: RetryInfo) => void;
}

const RETRIED_STATUSES = new Set([429, 503]);

/** `Retry-After` in whole seconds, as the API sends it; the HTTP-date form is not used by it. */
function retryAfterMs(response: Response): number | undefined {
  const value = response.headers.get("retry-after")?.trim();
  return value && /^\d+$/.test(value) ? Number(value) * 1000 : undefined;
}

/**
 * With `Retry-After`: that long plus up to 20% more (at least 100 ms), so clients told the same
 * second do not all come back at once. Without: exponential from 0.5 s, capped at 8 s, with
 * half of it random.
 */
export function retryDelayMs(attempt: number, retryAfter: number | undefined, random = Math.random): number {
  if (retryAfter !== undefined) return retryAfter + random() * Math.max(100, retryAfter * 0.2);
  const backoff = Math.min(8000, 500 * 2 ** (attempt - 1));
  return backoff / 2 + (random() * backoff) / 2;
}

function isAbort(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === "AbortError" || name === "TimeoutError";
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

export function retryingFetch({ fetch, maxRetries, maxRetryDelayMs, onRetry }: RetryOptions): FetchLike {
  return async (request) => {
    // One key per POST, chosen before the first attempt: every retry sends the same one, so a
    // POST whose answer was lost is replayed by the API instead of done twice.
    if (request.method === "POST" && !request.headers.has("idempotency-key")) {
      request.headers.set("Idempotency-Key", crypto.randomUUID());
    }
    for (let attempt = 1; ; attempt++) {
      // A clone per attempt: a body stream can be read once.
      const sent = attempt > maxRetries ? request : request.clone();
      let response: Response | undefined;
      let error: unknown;
      try {
        response = await fetch(sent);
        if (!RETRIED_STATUSES.has(response.status)) return response;
      } catch (thrown) {
        if (isAbort(thrown)) throw thrown;
        error = thrown;
      }
      const retryAfter = response && retryAfterMs(response);
      const giveUp = attempt > maxRetries || (retryAfter !== undefined && retryAfter > maxRetryDelayMs);
      if (giveUp) {
        if (response) return response;
        throw error;
      }
      const delayMs = retryDelayMs(attempt, retryAfter);
      onRetry?.({ attempt, delayMs, request, response, error });
      // Free the connection of the answer we drop.
      await response?.body?.cancel();
      await sleep(delayMs, request.signal);
    }
  };
}
