import type { listDeliveries } from "@/lib/webhooks/list-deliveries";
import { Badge } from "@/components/ui/badge";
import { DataTable } from "@/components/ui/data-table";
import { styles } from "@/components/ui/styles";
import { formatCount } from "@/components/usage/format-usage";
import { HttpStatusBadge } from "@/components/usage/http-status-badge";
import { ActionButton } from "@/components/ui/action-button";
import { formatInZone } from "@/components/ui/format-date";
import { resendDeliveryAction } from "../actions";
import { ResponsePopover } from "./response-popover";

type WebhookDelivery = Awaited<ReturnType<typeof listDeliveries>>["data"][number];

// One row per attempt. Times to the second (the usage log's format): retries in tests and in the
// first minutes are seconds apart, and an integrator matches them against their own logs. In the
// owner's zone (Member.timeZone), named.
export function DeliveriesTable({
  deliveries,
  emptyText,
  timeZone,
}: {
  deliveries: WebhookDelivery[];
  emptyText: string;
  timeZone: string;
}) {
  if (deliveries.length === 0) {
    return <p className="px-4 py-8 text-center text-sm text-slate-600">{emptyText}</p>;
  }
  return (
    <DataTable
      label="Deliveries"
      columns={[
        { label: "Time" },
        { label: "Event" },
        { label: "Attempt" },
        { label: "Result" },
        { label: "Next retry" },
        { label: "Response" },
        { label: "Actions", srOnly: true },
      ]}
    >
      {deliveries.map((delivery) => (
        <DeliveryRow key={delivery.id} delivery={delivery} timeZone={timeZone} />
      ))}
    </DataTable>
  );
}

function DeliveryRow({ delivery, timeZone }: { delivery: WebhookDelivery; timeZone: string }) {
  return (
    <tr data-testid="delivery-row" data-event-id={delivery.eventId} data-attempt={delivery.attempt}>
      <td className={`${styles.td} whitespace-nowrap tabular-nums`}>
        <time dateTime={delivery.createdAt.toISOString()}>{formatInZone(delivery.createdAt, timeZone, "logTime")}</time>
      </td>
      <td className={styles.td}>
        <code className="block font-mono text-xs text-slate-900">{delivery.eventType}</code>
        <code className="block select-all font-mono text-xs text-slate-500">{delivery.eventId}</code>
      </td>
      <td className={`${styles.td} whitespace-nowrap`}>
        <span className="block tabular-nums">#{delivery.attempt}</span>
        {delivery.manual ? (
          <span title="A resend from this log or the API, outside the retry schedule">
            <Badge tone="indigo">Manual</Badge>
          </span>
        ) : null}
      </td>
      <td className={styles.td}>
        <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
          <ResultBadge delivery={delivery} />
          {delivery.httpStatus !== null ? <HttpStatusBadge status={delivery.httpStatus} /> : null}
          {delivery.skippedReason ? null : (
            <span className="text-xs tabular-nums text-slate-500" title="Duration">
              {formatCount(delivery.durationMs)} ms
            </span>
          )}
        </span>
        {delivery.skippedReason ? (
          <p className="mt-1 max-w-64 text-xs text-slate-600" data-testid="skipped-reason">
            {SKIPPED_REASONS[delivery.skippedReason] ?? delivery.skippedReason}
          </p>
        ) : null}
        {delivery.error ? <p className="mt-1 max-w-64 text-xs text-red-800">{delivery.error}</p> : null}
      </td>
      <td className={`${styles.td} whitespace-nowrap tabular-nums`} data-testid="next-retry">
        <NextRetry delivery={delivery} timeZone={timeZone} />
      </td>
      <td className={`${styles.td} whitespace-nowrap`}>
        <ResponseBody delivery={delivery} />
      </td>
      <td className={`${styles.td} text-right`}>
        {/* The new attempt shows up as a row of its own once the worker has run it. */}
        <ActionButton
          label="Resend"
          pendingLabel="Resending…"
          ariaLabel={`Resend ${delivery.eventType} (attempt ${delivery.attempt})`}
          action={resendDeliveryAction}
          fields={{ deliveryId: delivery.id, endpointId: delivery.endpointId }}
          variant="small"
        />
      </td>
    </tr>
  );
}

// Skipped: nothing was sent (the endpoint was disabled); Resend sends it once it is enabled.
const SKIPPED_REASONS: Record<string, string> = {
  endpoint_disabled: "Not sent: the endpoint was disabled. Enable it, then resend.",
};

function ResultBadge({ delivery }: { delivery: WebhookDelivery }) {
  if (delivery.succeeded) return <Badge tone="emerald">Delivered</Badge>;
  if (delivery.skippedReason) return <Badge tone="slate">Skipped</Badge>;
  return <Badge tone="red">Failed</Badge>;
}

// When the schedule tries again; a success, a resend (tried once) or a spent schedule has none.
function NextRetry({ delivery, timeZone }: { delivery: WebhookDelivery; timeZone: string }) {
  const next = delivery.nextAttemptAt;
  if (next) {
    // Most retries fall on the attempt's day (in the owner's zone): the time alone then, the full
    // date on hover.
    const full = formatInZone(next, timeZone, "logTime");
    const day = (at: Date) => formatInZone(at, timeZone, "date");
    return (
      <time dateTime={next.toISOString()} title={full}>
        {day(next) === day(delivery.createdAt) ? formatInZone(next, timeZone, "logClock") : full}
      </time>
    );
  }
  const none =
    delivery.succeeded || delivery.skippedReason ? "—" : delivery.manual ? "None (resend)" : "No more retries";
  return <span className="text-slate-500">{none}</span>;
}

// The first 2 KB of the answer, folded: most rows only need the status.
function ResponseBody({ delivery }: { delivery: WebhookDelivery }) {
  const body = delivery.responseBody;
  if (!body) return <span className="text-slate-500">Empty</span>;
  return (
    <ResponsePopover
      triggerLabel={`Show (${formatCount(new TextEncoder().encode(body).length)} bytes)`}
      label={`Response to ${delivery.eventType} (attempt ${delivery.attempt})`}
      body={body}
    />
  );
}
