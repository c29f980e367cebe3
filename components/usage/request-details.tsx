import type { RequestLogDetails } from "@/lib/request-logs/get-request-log-entry";
import { HttpStatusBadge } from "./http-status-badge";
import { formatInZone } from "@/components/ui/format-date";
import { formatCount } from "./format-usage";
import { DetailRow } from "@/components/ui/detail-row";

// Everything the log holds about one request. There is no body to show: none was stored.
export function RequestDetails({ entry, timeZone }: { entry: RequestLogDetails; timeZone: string }) {
  return (
    <dl className="divide-y divide-slate-100" data-testid="request-details">
      <DetailRow term="Request id">
        <code className="select-all break-all font-mono text-sm">{entry.requestId}</code>
      </DetailRow>
      <DetailRow term="Time">
        <time dateTime={entry.createdAt.toISOString()}>{formatInZone(entry.createdAt, timeZone, "fullTime")}</time>
      </DetailRow>
      <DetailRow term="Request">
        <code className="break-all font-mono text-sm">
          {entry.method} {entry.path}
        </code>
      </DetailRow>
      <DetailRow term="Status">
        <HttpStatusBadge status={entry.status} />
      </DetailRow>
      <DetailRow term="Error code">
        {entry.errorCode ? (
          <code className="font-mono text-sm">{entry.errorCode}</code>
        ) : (
          <span className="text-slate-500">None</span>
        )}
      </DetailRow>
      <DetailRow term="Duration">{formatCount(entry.durationMs)} ms</DetailRow>
      <DetailRow term="API key">
        {entry.key.name} <code className="ml-1 font-mono text-xs text-slate-600">{entry.key.prefix}…</code>
      </DetailRow>
    </dl>
  );
}
