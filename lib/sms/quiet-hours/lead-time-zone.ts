import { getCountry } from "countries-and-timezones";
import { parsePhoneNumberFromString } from "libphonenumber-js";
import { IANAZone } from "luxon";

// Where a lead's "local time" for quiet hours comes from, most specific first:
// 1. the lead's own `timezone` (IANA, set through the API or the UI);
// 2. the zone of the phone number's country, when that country has exactly one zone
//    (countries-and-timezones): +44 → Europe/London, +33 → Europe/Paris. A country with several
//    zones is ambiguous and skipped. US and Canadian numbers (+1) are always treated as ambiguous:
//    neither libphonenumber-js nor countries-and-timezones maps an area code to a zone, and
//    guessing from the area code is wrong for ported mobile numbers anyway;
// 3. the account's timezone.
export function leadTimeZone(lead: { timezone: string | null; phone: string | null }, accountTimeZone: string): string {
  if (lead.timezone && IANAZone.isValidZone(lead.timezone)) return lead.timezone;
  return (lead.phone && phoneTimeZone(lead.phone)) || accountTimeZone;
}

/** The one zone of the number's country, or null when unknown or ambiguous. */
export function phoneTimeZone(phone: string): string | null {
  const country = parsePhoneNumberFromString(phone)?.country;
  if (!country) return null;
  const zones = getCountry(country)?.timezones ?? [];
  return zones.length === 1 && IANAZone.isValidZone(zones[0]) ? zones[0] : null;
}
