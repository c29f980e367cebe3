import { DateTime } from "luxon";

// Date filters (`from`, `to`) read as `YYYY-MM-DD` days in the viewer's zone (Member.timeZone):
// the leads list's created days, the audit log's days and the visits list's scheduled days, one
// definition for all three. A day is that zone's midnight to midnight (23 or 25 hours when the
// clocks change). The visits calendar's day and week views are ranges of such days
// (lib/visits/calendar-range.ts).

/** A `YYYY-MM-DD` day's start in `zone`, or undefined when it is not a real day. */
export function dayStart(value: string | undefined, zone: string): DateTime | undefined {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const day = DateTime.fromISO(value, { zone });
  return day.isValid ? day.startOf("day") : undefined;
}

/** "To" a day includes that whole day: before the start of the next one in its zone. */
export const endOfDay = (day: DateTime): Date => day.plus({ days: 1 }).toJSDate();
