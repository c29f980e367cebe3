import { DateTime } from "luxon";

// Every time in the web UI is in the viewer's own zone (Member.timeZone), named, rendered on the
// server (client components get the zone as a prop, so both render the same text):
// "Tue 24 Nov, 10:00 EST". en-US names US zones (EST, PDT); others read as an offset (GMT+1).
// Luxon does the zone math (DST included), so the server's own zone never matters.
//
// One date style app-wide: the day before the month ("24 Nov"), a 24-hour clock, the zone named;
// the styles below only add or leave out parts of it (a weekday, the year, seconds). Month-first
// ("Nov 24, 2026") beside day-first on one page read as two conventions.
type ZonedStyle = "dateTime" | "stamp" | "logTime" | "fullTime" | "logClock" | "time" | "day" | "date";
const ZONED_FORMATS: Record<ZonedStyle, string> = {
  dateTime: "ccc d LLL, HH:mm ZZZZ",
  // When a record was made, in logs and tables kept for months: the year matters.
  stamp: "d LLL yyyy, HH:mm ZZZZ",
  // A request log's row: seconds matter when matching a request to an integration's own log.
  logTime: "d LLL, HH:mm:ss ZZZZ",
  fullTime: "d LLL yyyy, HH:mm:ss ZZZZ",
  logClock: "HH:mm:ss ZZZZ",
  time: "HH:mm",
  day: "cccc d LLLL",
  // A table's date column ("24 Nov 2026"): the day it was in the viewer's zone.
  date: "d LLL yyyy",
};

export function formatInZone(date: Date | string, zone: string, style: ZonedStyle = "dateTime"): string {
  const at = typeof date === "string" ? DateTime.fromISO(date) : DateTime.fromJSDate(date);
  return at.setZone(zone).setLocale("en-US").toFormat(ZONED_FORMATS[style]);
}

/** The zone's short name at that moment ("EST" in winter, "EDT" in summer). */
export const zoneAbbreviation = (zone: string, at: Date = new Date()) =>
  DateTime.fromJSDate(at).setZone(zone).setLocale("en-US").toFormat("ZZZZ");

// Activity summaries are stored as the API serves them, with times written `2026-11-22 09:30 UTC`
// (lib/activities/record-activity.ts, utcMinute). The timeline shows each in the viewer's zone.
const UTC_MINUTE = /(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}) UTC/g;

export const localizeSummary = (summary: string, zone: string) =>
  summary.replace(UTC_MINUTE, (_match, day: string, time: string) => formatInZone(`${day}T${time}:00Z`, zone));

/** A zone as people say it: "Eastern Time (New York)", not "America/New_York". */
export function zoneLabel(zone: string, at: Date = new Date()): string {
  const city = (zone.split("/").pop() ?? zone).replaceAll("_", " ");
  const generic = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longGeneric" })
    .formatToParts(at)
    .find((part) => part.type === "timeZoneName")?.value;
  // A zone with no name of its own (UTC, Etc/GMT+5) is read as an offset: its id says it better.
  return generic && generic !== city && !generic.startsWith("GMT") ? `${generic} (${city})` : city;
}
