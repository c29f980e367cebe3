import { DateTime } from "luxon";

export const CALENDAR_VIEWS = ["day", "week"] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

export interface CalendarRange {
  /** The day the view is anchored on, YYYY-MM-DD in the viewer's zone (the URL's `day`). */
  day: string;
  /** [from, to) in UTC: the visits to load. */
  from: Date;
  to: Date;
  /** Each day shown, YYYY-MM-DD in the viewer's zone. */
  days: string[];
  previous: string;
  next: string;
  today: string;
}

const DAY = "yyyy-MM-dd";

// The day and week views of the visits page, in the viewer's zone: a day is that zone's
// midnight to midnight (23 or 25 hours when the clocks change), a week runs Monday to Sunday.
// A missing or unreadable `day` in the URL means today there.
export function calendarRange(
  view: CalendarView,
  day: string | undefined,
  zone: string,
  now = new Date(),
): CalendarRange {
  const today = DateTime.fromJSDate(now).setZone(zone).startOf("day");
  const typed = day ? DateTime.fromFormat(day, DAY, { zone }) : null;
  const anchor = typed?.isValid ? typed.startOf("day") : today;
  const unit = view === "day" ? "day" : "week";
  const start = anchor.startOf(unit);
  const end = start.plus({ [unit === "day" ? "days" : "weeks"]: 1 });
  const days: string[] = [];
  for (let d = start; d < end; d = d.plus({ days: 1 })) days.push(d.toFormat(DAY));
  const step = { [unit === "day" ? "days" : "weeks"]: 1 };
  return {
    day: anchor.toFormat(DAY),
    from: start.toUTC().toJSDate(),
    to: end.toUTC().toJSDate(),
    days,
    previous: anchor.minus(step).toFormat(DAY),
    next: anchor.plus(step).toFormat(DAY),
    today: today.toFormat(DAY),
  };
}
