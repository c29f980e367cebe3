import Link from "next/link";
import { DataTable } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { styles } from "@/components/ui/styles";
import type { PublicWebhookEndpoint } from "@/lib/schemas/webhook-endpoints";
import { formatInZone } from "@/components/ui/format-date";
import { describeEvents } from "./event-groups";
import { EndpointStatus } from "./endpoint-status";

export function EndpointsTable({ endpoints, timeZone }: { endpoints: PublicWebhookEndpoint[]; timeZone: string }) {
  if (endpoints.length === 0) {
    return (
      <EmptyState title="No webhook endpoints yet">
        Add one to have LeadProp POST each change (a new lead, a status change, a visit…) to your server as it happens.
      </EmptyState>
    );
  }
  return (
    <DataTable
      label="Webhook endpoints"
      columns={[
        { label: "URL" },
        { label: "Description" },
        { label: "Events" },
        { label: "Status" },
        { label: "Created" },
      ]}
    >
      {endpoints.map((endpoint) => (
        <tr key={endpoint.id} data-testid="webhook-endpoint-row">
          <td className={`${styles.td} max-w-80`}>
            <Link href={`/settings/webhooks/${endpoint.id}`} className={`${styles.link} break-all font-mono text-xs`}>
              {endpoint.url}
            </Link>
          </td>
          <td className={styles.td}>{endpoint.description ?? <span className="text-slate-500">—</span>}</td>
          <td className={`${styles.td} text-xs`} title={endpoint.events.join(", ")}>
            {describeEvents(endpoint.events)}
          </td>
          <td className={styles.td}>
            <EndpointStatus endpoint={endpoint} />
          </td>
          <td className={`${styles.td} whitespace-nowrap`}>
            <time dateTime={endpoint.createdAt}>{formatInZone(endpoint.createdAt, timeZone, "stamp")}</time>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
