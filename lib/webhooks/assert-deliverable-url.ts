import { ApiError } from "@/lib/errors/api-error";
import { checkWebhookUrl } from "./check-webhook-url";

/** Refuses, as a 400 on `url`, an endpoint URL that deliveries would refuse (SSRF rules). */
export async function assertDeliverableUrl(url: string): Promise<void> {
  const check = await checkWebhookUrl(url);
  if (!check.ok) {
    const message = `Webhook URL ${check.reason}`;
    throw new ApiError("validation_error", `${message}.`, [{ path: "url", message }]);
  }
}
