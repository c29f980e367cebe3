// The usage chart's window: the last USAGE_DAYS UTC days, today included. UTC because the
// server renders the page and the log expires by age, not by anyone's local midnight.
const USAGE_DAYS = 30;
const DAY_MS = 86_400_000;

export interface UsageWindow {
  /** Midnight UTC of the first day. */
  since: Date;
  /** Each day as `YYYY-MM-DD`, oldest first; the last one is today. */
  days: string[];
}

export function usageWindow(now: Date = new Date(), length: number = USAGE_DAYS): UsageWindow {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const since = new Date(today - (length - 1) * DAY_MS);
  const days = Array.from({ length }, (_, i) => new Date(since.getTime() + i * DAY_MS).toISOString().slice(0, 10));
  return { since, days };
}
