import { RETRY_WAITS_SECONDS } from "./retry-schedule";

// The retry schedule in words, for every text that promises it, so the promise cannot drift
// from the list again (it once said "about three days" of a schedule that lasted 27.6 hours).

/** Every attempt: the first, then one per wait. */
export const DELIVERY_ATTEMPTS = RETRY_WAITS_SECONDS.length + 1;

/** From the first attempt to the last, without jitter. */
export const RETRY_SPAN_SECONDS = RETRY_WAITS_SECONDS.reduce((sum, wait) => sum + wait, 0);

/** "about 3 days" (or hours, under a day and a half). */
export function retrySpanText(): string {
  const hours = RETRY_SPAN_SECONDS / 3600;
  return hours >= 36 ? `about ${Math.round(hours / 24)} days` : `about ${Math.round(hours)} hours`;
}

/** The waits, a repeated one counted: "5 s, 5 min, 30 min, 2 h, 5 h, then 10 h 6 times". */
export function retryWaitsText(): string {
  const runs: { seconds: number; times: number }[] = [];
  for (const seconds of RETRY_WAITS_SECONDS) {
    const last = runs.at(-1);
    if (last?.seconds === seconds) last.times++;
    else runs.push({ seconds, times: 1 });
  }
  const parts = runs.map(({ seconds, times }) =>
    times > 1 ? `${duration(seconds)} ${times} times` : duration(seconds),
  );
  if (parts.length === 1) return parts[0];
  const last = runs.at(-1)!.times > 1 ? ", then " : " and ";
  return `${parts.slice(0, -1).join(", ")}${last}${parts.at(-1)}`;
}

function duration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${seconds / 60} min`;
  return `${seconds / 3600} h`;
}
