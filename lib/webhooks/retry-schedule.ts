// When a failed delivery is tried again, after the first attempt: Svix's schedule, about three
// days in all (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h), then it is given up. Each wait is
// jittered by ±10 % so the retries of an endpoint that came back do not all land at once.
// WEBHOOK_RETRY_SCHEDULE (seconds, comma-separated) replaces it: tests shrink it to fractions.

const SVIX_SCHEDULE_SECONDS = [5, 300, 1800, 7200, 18000, 36000, 36000];
const JITTER = 0.1;

function scheduleSeconds(): number[] {
  const configured = process.env.WEBHOOK_RETRY_SCHEDULE?.split(",").map(Number);
  return configured?.length && configured.every((s) => Number.isFinite(s) && s >= 0)
    ? configured
    : SVIX_SCHEDULE_SECONDS;
}

/** The wait before the attempt after `attempt` (1 = the first), or null when the schedule is spent. */
export function retryDelayMs(attempt: number): number | null {
  const seconds = scheduleSeconds()[attempt - 1];
  if (seconds === undefined) return null;
  return Math.round(seconds * 1000 * (1 + JITTER * (2 * Math.random() - 1)));
}
