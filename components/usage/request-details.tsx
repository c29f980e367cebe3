import type { RequestLogDetails } from "@/lib/request-logs/get-request-log-entry";
import { HttpStatusBadge } from "./http-status-badge";
import { formatCount, formatFullTime } from "./format-usage";

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 px-4 py-3 sm:grid-cols-3 sm:gap-4 sm:px-6">
      <dt className="text-sm font-medium text-slate-500">{term}</dt>
      <dd className="text-sm text-slate-900 sm:col-span-2">{children}</dd>
    </div>
  );
}

// Everything the log holds about one request. There is no body to show: none was stored.
export function RequestDetails({ entry }: { entry: RequestLogDetails }) {
  return (
    <dl className="divide-y divide-slate-100" data-testid="request-details">
      <Row term="Request id">
        <code className="select-all break-all font-mono text-sm">{entry.requestId}</code>
      </Row>
      <Row term="Time">
        <time dateTime={entry.createdAt.toISOString()}>{formatFullTime(entry.createdAt)}</time>
      </Row>
      <Row term="Request">
        <code className="break-all font-mono text-sm">
          {entry.method} {entry.path}
        </code>
      </Row>
      <Row term="Status">
        <HttpStatusBadge status={entry.status} />
      </Row>
      <Row term="Error code">
        {entry.errorCode ? (
          <code className="font-mono text-sm">{entry.errorCode}</code>
        ) : (
          <span className="text-slate-500">None</span>
        )}
      </Row>
      <Row term="Duration">{formatCount(entry.durationMs)} ms</Row>
      <Row term="API key">
        {entry.key.name} <code className="ml-1 font-mono text-xs text-slate-600">{entry.key.prefix}…</code>
      </Row>
    </dl>
  );
}
