import { DateTime } from "luxon";

// Texts go out only between 08:00 and 21:00 in the lead's local time (TCPA-style "reasonable
// hours"; the stricter state rules start at 08:00 and end at 21:00 too).
const QUIET_HOURS = { opensAtHour: 8, closesAtHour: 21 } as const;

/**
 * Null when `now` is inside the sending window in `zone`; otherwise the window's next opening
 * (08:00 local), as an instant. Luxon resolves 08:00 on the day itself, so a DST change day gets
 * the right UTC offset (08:00 is never inside the 01:00–03:00 transition).
 */
export function nextWindowOpening(now: Date, zone: string): Date | null {
  const local = DateTime.fromJSDate(now, { zone });
  if (local.hour >= QUIET_HOURS.opensAtHour && local.hour < QUIET_HOURS.closesAtHour) return null;
  const day = local.hour < QUIET_HOURS.opensAtHour ? local : local.plus({ days: 1 });
  return day.set({ hour: QUIET_HOURS.opensAtHour, minute: 0, second: 0, millisecond: 0 }).toJSDate();
}
