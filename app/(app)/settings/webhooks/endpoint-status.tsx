import { Badge } from "@/components/ui/badge";
import type { PublicWebhookEndpoint } from "@/lib/schemas/webhook-endpoints";

// Enabled, disabled by a person, or disabled by LeadProp (a 410, days of failures): the last
// one needs the owner's attention, so it says so in red and gives the reason.
export function EndpointStatus({ endpoint }: { endpoint: Pick<PublicWebhookEndpoint, "enabled" | "disabledReason"> }) {
  if (endpoint.enabled) return <Badge tone="emerald">Enabled</Badge>;
  if (!endpoint.disabledReason) return <Badge tone="slate">Disabled</Badge>;
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <Badge tone="red">Disabled by LeadProp</Badge>
      <span className="text-xs font-medium text-red-800">{endpoint.disabledReason}</span>
    </span>
  );
}
