// When a failed delivery is tried again, after the first attempt: Svix's waits (5 s, 5 min, 30 min,
// 2 h, 5 h, 10 h) with the 10 h wait repeated, so retries last about three days as Stripe's do.
// Every text that tells integrators how long retries last (the guide, the document, Settings,
// the README) is derived from this list (retry-schedule-text.ts). Each wait is jittered by ±10 %
// so the retries of an endpoint that came back do not all land at once.
// WEBHOOK_RETRY_SCHEDULE (seconds, comma-separated) replaces it: tests shrink it to fractions.

const HOUR = 3600;
export const RETRY_WAITS_SECONDS: readonly number[] = [5, 300, 1800, 2 * HOUR, 5 * HOUR, ...Array(6).fill(10 * HOUR)];
const JITTER = 0.1;

function scheduleSeconds(): readonly number[] {
  // An empty value is unset (not one wait of 0 s).
  const configured = process.env.WEBHOOK_RETRY_SCHEDULE?.trim()
    ? process.env.WEBHOOK_RETRY_SCHEDULE.split(",").map(Number)
    : null;
  return configured?.length && configured.every((s) => Number.isFinite(s) && s >= 0) ? configured : RETRY_WAITS_SECONDS;
}

/** The wait before the attempt after `attempt` (1 = the first), or null when the schedule is spent. */
export function retryDelayMs(attempt: number): number | null {
  const seconds = scheduleSeconds()[attempt - 1];
  if (seconds === undefined) return null;
  return Math.round(seconds * 1000 * (1 + JITTER * (2 * Math.random() - 1)));
}
