import { IANAZone } from "luxon";
import { phoneTimeZones } from "./phone-time-zones";

export interface LeadTimeZones {
  /** One zone, or several when the number's area code spans them: texts wait for daytime in all. */
  zones: string[];
  from: "lead" | "phone" | "account";
}

// Where a lead's "local time" for quiet hours comes from, most specific first:
// 1. the lead's own `timezone` (IANA, set through the API, the lead form or a CSV import): staff
//    know best, e.g. a (415) number that moved to Chicago;
// 2. the zones of the phone number (lib/sms/quiet-hours/phone-time-zones.ts): a (415) lead of a
//    New York agency is on Pacific time;
// 3. the account's timezone, for a lead without a phone the map can place.
export async function leadTimeZones(
  lead: { timezone: string | null; phone: string | null },
  accountTimeZone: string,
): Promise<LeadTimeZones> {
  if (lead.timezone && IANAZone.isValidZone(lead.timezone)) return { zones: [lead.timezone], from: "lead" };
  const fromPhone = lead.phone ? await phoneTimeZones(lead.phone) : [];
  return fromPhone.length > 0 ? { zones: fromPhone, from: "phone" } : { zones: [accountTimeZone], from: "account" };
}
