import type { UsageSummary } from "@/lib/request-logs/summarize-usage";
import { formatCount, formatShare } from "./format-usage";

function Stat({ label, value, detail, testId }: { label: string; value: string; detail?: string; testId: string }) {
  return (
    <div className="rounded-md border border-slate-200 px-3 py-2" data-testid={testId}>
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-lg font-semibold tabular-nums text-slate-900">
        {value}
        {detail ? <span className="ml-1.5 text-xs font-normal text-slate-500">{detail}</span> : null}
      </dd>
    </div>
  );
}

// The numbers above the chart. The error shares are of all requests in the window; 429 is
// also counted in 4xx.
export function UsageTotals({ summary }: { summary: UsageSummary }) {
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5">
      <Stat testId="usage-total" label="Requests, 30 days" value={formatCount(summary.total)} />
      <Stat testId="usage-today" label="Today" value={formatCount(summary.today)} />
      <Stat
        testId="usage-4xx"
        label="4xx share"
        value={formatShare(summary.clientErrorShare)}
        detail={`(${formatCount(summary.clientErrors)})`}
      />
      <Stat
        testId="usage-5xx"
        label="5xx share"
        value={formatShare(summary.serverErrorShare)}
        detail={`(${formatCount(summary.serverErrors)})`}
      />
      <Stat
        testId="usage-429"
        label="429 share"
        value={formatShare(summary.rateLimitedShare)}
        detail={`(${formatCount(summary.rateLimited)})`}
      />
    </dl>
  );
}
