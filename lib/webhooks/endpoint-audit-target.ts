import type { WebhookEndpoint } from "@/db/schema";

/** An endpoint as its audit entries name it: by URL, which is what owners recognise it by. */
export const endpointAuditTarget = (endpoint: Pick<WebhookEndpoint, "id" | "url">) => ({
  type: "webhook_endpoint",
  id: endpoint.id,
  label: endpoint.url,
});
