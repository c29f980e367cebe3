import { DateTime } from "luxon";

// Forms take a visit's day and time as the viewer reads a clock: in their own zone
// (Member.timeZone). The services and the API store and speak UTC; luxon converts, DST included.

export const LOCAL_FORMAT = "yyyy-MM-dd'T'HH:mm";

type ZonedParse = { iso: string; errors?: never } | { iso?: never; errors: Record<string, string> };

/** A form's `date` (YYYY-MM-DD) and `time` (HH:mm) in `zone` → ISO 8601 UTC, or per-field errors. */
export function zonedToUtc(date: string | undefined, time: string | undefined, zone: string): ZonedParse {
  const errors: Record<string, string> = {};
  if (!date?.trim()) errors.date = "Choose a day.";
  if (!time?.trim()) errors.time = "Choose a time.";
  if (Object.keys(errors).length) return { errors };
  const typed = `${date!.trim()}T${time!.trim().slice(0, 5)}`;
  const at = DateTime.fromFormat(typed, LOCAL_FORMAT, { zone });
  if (!at.isValid) return { errors: { date: "Enter a day as YYYY-MM-DD and a time as HH:MM." } };
  // A time skipped when the clocks go forward (02:30 on a spring-forward night) does not exist:
  // luxon moves it an hour on; say so rather than book a time nobody typed.
  if (at.toFormat(LOCAL_FORMAT) !== typed) {
    return { errors: { time: "That time does not exist on this day: the clocks go forward. Choose another time." } };
  }
  return { iso: at.toUTC().toISO()! };
}

/** A stored time as the form's `date` and `time` fields in `zone`. */
export function utcToZoned(at: Date | string, zone: string): { date: string; time: string } {
  const local = (typeof at === "string" ? DateTime.fromISO(at) : DateTime.fromJSDate(at)).setZone(zone);
  return { date: local.toFormat("yyyy-MM-dd"), time: local.toFormat("HH:mm") };
}
