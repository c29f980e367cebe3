import type { PublicWebhookEndpoint } from "@/lib/schemas/webhook-endpoints";
import { ALL_EVENTS } from "@/lib/schemas/webhook-endpoints";
import { formatInZone } from "@/components/ui/format-date";
import { EndpointStatus } from "../endpoint-status";
import { DetailRow } from "@/components/ui/detail-row";

export function EndpointDetails({ endpoint, timeZone }: { endpoint: PublicWebhookEndpoint; timeZone: string }) {
  return (
    <dl className="divide-y divide-slate-100" data-testid="endpoint-details">
      <DetailRow term="URL">
        <code className="select-all break-all font-mono text-sm">{endpoint.url}</code>
      </DetailRow>
      <DetailRow term="Description">{endpoint.description ?? <span className="text-slate-500">None</span>}</DetailRow>
      <DetailRow term="Events">
        {endpoint.events.includes(ALL_EVENTS) ? (
          "All events, including types added later"
        ) : (
          <ul className="flex flex-wrap gap-1.5">
            {endpoint.events.map((type) => (
              <li key={type}>
                <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs">{type}</code>
              </li>
            ))}
          </ul>
        )}
      </DetailRow>
      <DetailRow term="Status">
        <EndpointStatus endpoint={endpoint} />
      </DetailRow>
      <DetailRow term="Created">
        <time dateTime={endpoint.createdAt}>{formatInZone(endpoint.createdAt, timeZone, "stamp")}</time>
      </DetailRow>
      <DetailRow term="Endpoint id">
        <code className="select-all font-mono text-sm">{endpoint.id}</code>
      </DetailRow>
    </dl>
  );
}
