import { DateTime } from "luxon";

// The usage chart's window: the last USAGE_DAYS days in the viewer's zone (Member.timeZone),
// today included, so "today" is the viewer's today. The log keeps 30 days by age, and the window
// starts at most 30 days ago in any zone.
const USAGE_DAYS = 30;

export interface UsageWindow {
  /** Midnight of the first day, in the zone. */
  since: Date;
  /** Each day as `YYYY-MM-DD` in the zone, oldest first; the last one is today. */
  days: string[];
}

export function usageWindow(now: Date = new Date(), timeZone = "UTC", length: number = USAGE_DAYS): UsageWindow {
  const first = DateTime.fromJSDate(now)
    .setZone(timeZone)
    .startOf("day")
    .minus({ days: length - 1 });
  const days = Array.from({ length }, (_, i) => first.plus({ days: i }).toFormat("yyyy-MM-dd"));
  return { since: first.toJSDate(), days };
}
