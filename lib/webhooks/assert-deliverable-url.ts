import { ApiError } from "@/lib/errors/api-error";
import { checkWebhookUrl } from "./check-webhook-url";

/**
 * Refuses, as a 400 on `url`, an endpoint URL that deliveries would refuse (SSRF rules) or whose
 * name the DNS says does not exist. A resolver that fails (SERVFAIL, timeout, unreachable) tells
 * nothing about the URL: it is accepted, and every delivery checks the URL again before it sends.
 */
export async function assertDeliverableUrl(url: string): Promise<void> {
  const check = await checkWebhookUrl(url);
  if (check.ok || check.unresolved === "resolver_failed") return;
  const message = `Webhook URL ${check.reason}`;
  throw new ApiError("validation_error", `${message}.`, [{ path: "url", message }]);
}
