import { ActionButton } from "@/components/ui/action-button";
import type { PublicWebhookEndpoint } from "@/lib/schemas/webhook-endpoints";
import { setEndpointEnabledAction } from "../actions";

// Shown above everything while the endpoint is disabled. When LeadProp disabled it, the reason
// comes first: the owner must fix the receiver, then enable it again with one click.
export function DisabledNotice({ endpoint }: { endpoint: PublicWebhookEndpoint }) {
  const bySystem = endpoint.disabledReason !== null;
  return (
    <section
      aria-labelledby="disabled-title"
      data-testid="disabled-notice"
      className={`flex flex-col gap-3 rounded-lg border p-5 sm:flex-row sm:items-center sm:justify-between ${bySystem ? "border-red-200 bg-red-50" : "border-slate-200 bg-slate-100"}`}
    >
      <div className="space-y-1">
        <h2 id="disabled-title" className={`font-semibold ${bySystem ? "text-red-900" : "text-slate-900"}`}>
          {bySystem ? "LeadProp disabled this endpoint" : "This endpoint is disabled"}
        </h2>
        {bySystem ? <p className="text-sm font-medium text-red-900">{endpoint.disabledReason}</p> : null}
        <p className={`text-sm ${bySystem ? "text-red-800" : "text-slate-600"}`}>
          No events are sent to it and pending retries are dropped. A resend from the log still goes.
        </p>
      </div>
      <ActionButton
        label="Enable endpoint"
        pendingLabel="Enabling…"
        variant="primary"
        action={setEndpointEnabledAction}
        fields={{ endpointId: endpoint.id, enabled: "true" }}
      />
    </section>
  );
}
