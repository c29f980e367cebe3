import { setTimeout as sleep } from "node:timers/promises";
import { ApiError } from "@/lib/errors/api-error";
import { checkWebhookUrl, type WebhookUrlCheck } from "./check-webhook-url";

// A resolver that drops packets keeps getaddrinfo waiting 10 s or more (its timeout, per attempt):
// saving an endpoint does not wait that long for an answer that would not refuse it anyway.
const RESOLVE_WAIT_MS = 3_000;
const NO_ANSWER: WebhookUrlCheck = {
  ok: false,
  reason: `host could not be resolved (no answer within ${RESOLVE_WAIT_MS} ms)`,
  unresolved: "resolver_failed",
};

/**
 * Refuses, as a 400 on `url`, an endpoint URL that deliveries would refuse (SSRF rules) or whose
 * name the DNS says does not exist. A resolver that fails (SERVFAIL, timeout, unreachable) tells
 * nothing about the URL: it is accepted, and every delivery checks the URL again before it sends.
 */
export async function assertDeliverableUrl(url: string): Promise<void> {
  const waiting = new AbortController();
  const check = await Promise.race([
    checkWebhookUrl(url),
    sleep(RESOLVE_WAIT_MS, NO_ANSWER, { signal: waiting.signal }).catch(() => NO_ANSWER),
  ]).finally(() => waiting.abort());
  if (check.ok || check.unresolved === "resolver_failed") return;
  const message = `Webhook URL ${check.reason}`;
  throw new ApiError("validation_error", `${message}.`, [{ path: "url", message }]);
}
