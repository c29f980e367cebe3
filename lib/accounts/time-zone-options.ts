import { IANAZone } from "luxon";
import type { Option } from "./region-options";

// The zones most of our agencies are in first, then every zone the runtime knows.
const COMMON_ZONES = [
  "America/New_York",
  "America/Chicago",
  "America/Denver",
  "America/Phoenix",
  "America/Los_Angeles",
  "America/Anchorage",
  "Pacific/Honolulu",
  "Europe/London",
  "UTC",
];

export const isKnownTimeZone = (zone: string) => IANAZone.isValidZone(zone);

export function timeZoneOptions(): Option[] {
  const rest = Intl.supportedValuesOf("timeZone").filter((zone) => !COMMON_ZONES.includes(zone));
  return [...COMMON_ZONES, ...rest].map((zone) => ({ value: zone, label: zone.replaceAll("_", " ") }));
}
