import type { PublicWebhookEndpoint } from "@/lib/schemas/webhook-endpoints";
import { ALL_EVENTS } from "@/lib/schemas/webhook-endpoints";
import { formatDateTime } from "@/lib/ui/format-date";
import { EndpointStatus } from "../endpoint-status";

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 px-4 py-3 sm:grid-cols-3 sm:gap-4 sm:px-6">
      <dt className="text-sm font-medium text-slate-500">{term}</dt>
      <dd className="text-sm text-slate-900 sm:col-span-2">{children}</dd>
    </div>
  );
}

export function EndpointDetails({ endpoint }: { endpoint: PublicWebhookEndpoint }) {
  return (
    <dl className="divide-y divide-slate-100" data-testid="endpoint-details">
      <Row term="URL">
        <code className="select-all break-all font-mono text-sm">{endpoint.url}</code>
      </Row>
      <Row term="Description">{endpoint.description ?? <span className="text-slate-500">None</span>}</Row>
      <Row term="Events">
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
      </Row>
      <Row term="Status">
        <EndpointStatus endpoint={endpoint} />
      </Row>
      <Row term="Created">
        <time dateTime={endpoint.createdAt}>{formatDateTime(new Date(endpoint.createdAt))}</time>
      </Row>
      <Row term="Endpoint id">
        <code className="select-all font-mono text-sm">{endpoint.id}</code>
      </Row>
    </dl>
  );
}
