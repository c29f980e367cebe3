import { DateTime } from "luxon";
import { LOCAL_FORMAT } from "./zoned-time";

// A time to book, carried in a link from the Visits grid to the booking form:
// `/visits/new?at=2026-11-25T14:00`. `at` is a LOCAL date-time on the viewer's clock (their
// Member.timeZone), not UTC and with no offset: it names a row of the grid they clicked, and the
// form takes its day and time in that same zone. The instant is only worked out when the form is
// sent (zonedToUtc).

export interface BookingSlot {
  /** YYYY-MM-DD and HH:mm in the viewer's zone: the form's own fields. */
  date: string;
  time: string;
}

const SLOT_SHAPE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const DEFAULT_HOUR = 10;

const toSlot = (at: DateTime): BookingSlot => ({ date: at.toFormat("yyyy-MM-dd"), time: at.toFormat("HH:mm") });

/** What the form proposes without a slot: tomorrow at 10:00 where the viewer is. */
export const defaultSlot = (zone: string, now = new Date()): BookingSlot =>
  toSlot(DateTime.fromJSDate(now).setZone(zone).plus({ days: 1 }).set({ hour: DEFAULT_HOUR, minute: 0 }));

/** The `at` of a booking link. */
export const slotParam = (slot: BookingSlot) => `${slot.date}T${slot.time}`;

/** "Wed 25 Nov at 14:00", for a link's accessible name. */
export const slotLabel = (slot: BookingSlot) =>
  `${DateTime.fromISO(slot.date).setLocale("en-US").toFormat("ccc d LLL")} at ${slot.time}`;

/**
 * The `at` of a booking URL as the form's day and time, or undefined for anything else (missing,
 * malformed, no such day): the form then proposes its default. A time the clocks skip (02:30 on
 * a spring-forward night) is moved on as luxon moves it (03:30): the form shows a time that
 * exists, which the agent sees before booking. A past time is kept: the form books it as typed.
 */
export function readSlotParam(at: string | undefined, zone: string): BookingSlot | undefined {
  if (!at || !SLOT_SHAPE.test(at)) return undefined;
  const local = DateTime.fromFormat(at, LOCAL_FORMAT, { zone });
  return local.isValid ? toSlot(local) : undefined;
}

/**
 * The slot a half-hour of the grid books on `day`, or undefined where there is nothing to book:
 * a time already begun or past (no booking in the past), or one the clocks skip that day.
 */
export function gridSlot(
  day: string,
  at: { hour: number; minute: number },
  zone: string,
  now: Date,
): BookingSlot | undefined {
  const local = DateTime.fromISO(day, { zone }).set(at);
  const skipped = local.hour !== at.hour || local.minute !== at.minute;
  if (!local.isValid || skipped || local.toMillis() <= now.getTime()) return undefined;
  return toSlot(local);
}

/**
 * A day's "Book a visit" (the phone's list of days): 10:00, as the form proposes, or on today the
 * next whole hour if that is later; undefined for a past day or once today's last hour has begun.
 */
export function daySlot(day: string, zone: string, now: Date): BookingSlot | undefined {
  const nextHour = DateTime.fromJSDate(now).setZone(zone).startOf("hour").plus({ hours: 1 });
  const start = DateTime.fromISO(day, { zone }).set({ hour: DEFAULT_HOUR });
  if (!start.isValid) return undefined;
  if (start > nextHour) return toSlot(start);
  return nextHour.toISODate() === day ? toSlot(nextHour) : undefined;
}
