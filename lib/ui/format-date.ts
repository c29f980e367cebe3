import { DateTime } from "luxon";

// Dates in tables: rendered on the server, so in UTC and said so, never in the server's zone.
const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const dateOnly = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

export function formatDateTime(date: Date): string {
  return `${dateTime.format(date)} UTC`;
}

export function formatDate(date: Date): string {
  return dateOnly.format(date);
}

// The viewer's own zone (Member.timeZone), named, for pages that know who is looking:
// "Tue 24 Nov, 10:00 EST". en-US names US zones (EST, PDT); others read as an offset (GMT+1).
// Luxon does the zone math (DST included), so the server's own zone never matters.
type ZonedStyle = "dateTime" | "time" | "day" | "date";
const ZONED_FORMATS: Record<ZonedStyle, string> = {
  dateTime: "ccc d LLL, HH:mm ZZZZ",
  time: "HH:mm",
  day: "cccc d LLLL",
  // A table's date column ("Nov 24, 2026"): the day it was in the viewer's zone.
  date: "LLL d, yyyy",
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
