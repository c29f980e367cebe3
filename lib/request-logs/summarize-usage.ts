import type { DailyRequestCount } from "./count-requests-per-day";

export interface UsageSummary {
  total: number;
  today: number;
  clientErrors: number;
  serverErrors: number;
  rateLimited: number;
  /** Shares of `total`, 0–1; 0 when there were no requests. */
  clientErrorShare: number;
  serverErrorShare: number;
  rateLimitedShare: number;
}

// The totals above the chart, from the same per-day rows, so the two can never disagree.
export function summarizeUsage(days: DailyRequestCount[]): UsageSummary {
  const sum = (pick: (d: DailyRequestCount) => number) => days.reduce((acc, d) => acc + pick(d), 0);
  const total = sum((d) => d.total);
  const clientErrors = sum((d) => d.clientErrors);
  const serverErrors = sum((d) => d.serverErrors);
  const rateLimited = sum((d) => d.rateLimited);
  const share = (n: number) => (total === 0 ? 0 : n / total);
  return {
    total,
    today: days.at(-1)?.total ?? 0,
    clientErrors,
    serverErrors,
    rateLimited,
    clientErrorShare: share(clientErrors),
    serverErrorShare: share(serverErrors),
    rateLimitedShare: share(rateLimited),
  };
}
