import { DateTime } from "luxon";

// Texts go out only between 08:00 and 21:00 in the lead's local time (TCPA-style "reasonable
// hours"; the stricter state rules start at 08:00 and end at 21:00 too).
const QUIET_HOURS = { opensAtHour: 8, closesAtHour: 21 } as const;

const isOpenIn = (at: Date, zone: string) => {
  const { hour } = DateTime.fromJSDate(at, { zone });
  return hour >= QUIET_HOURS.opensAtHour && hour < QUIET_HOURS.closesAtHour;
};

/** 08:00 in `zone` on the local day of `now` and the two days after, as instants. Luxon resolves
 * 08:00 on the day itself, so a DST change day gets the right UTC offset (08:00 is never inside
 * the 01:00–03:00 transition). */
const openingsIn = (now: Date, zone: string): Date[] =>
  [0, 1, 2].map((days) =>
    DateTime.fromJSDate(now, { zone })
      .plus({ days })
      .set({ hour: QUIET_HOURS.opensAtHour, minute: 0, second: 0, millisecond: 0 })
      .toJSDate(),
  );

/**
 * Null when `now` is inside the sending window in every one of `zones`; otherwise the next
 * instant when it is: the window opens at the latest of the zones' 08:00 and closes at the
 * earliest of their 21:00, so a number whose area code spans Mountain and Central time is not
 * texted at 07:30 Mountain (08:30 Central) nor at 20:30 Mountain (21:30 Central). That instant is
 * always one of the zones' 08:00, so those are tried in time order. Zones too far apart to share
 * an hour of daytime (none of a single area code are) fall back to the latest of their openings.
 */
export function nextWindowOpening(now: Date, zones: readonly string[]): Date | null {
  if (zones.every((zone) => isOpenIn(now, zone))) return null;
  const candidates = zones
    .flatMap((zone) => openingsIn(now, zone))
    .filter((at) => at > now)
    .sort((a, b) => a.getTime() - b.getTime());
  const shared = candidates.find((at) => zones.every((zone) => isOpenIn(at, zone)));
  if (shared) return shared;
  const ownOpenings = zones.map((zone) => candidates.find((at) => isOpenIn(at, zone))!);
  return new Date(Math.max(...ownOpenings.map((at) => at.getTime())));
}
