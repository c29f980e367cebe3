import { DateTime } from "luxon";
import { getDb } from "@/db/client";
import { getAccountOrThrow } from "@/lib/accounts/get-account";
import { getLeadOrThrow } from "@/lib/leads/get-lead-or-throw";
import { leadTimeZones } from "./lead-time-zones";
import { nextWindowOpening } from "./quiet-hours-window";

/** For the lead page's send form: when a text sent now would go out, if quiet hours would hold
 * it (null when it would go out at once), in words of the lead's own clock. */
export async function quietHoursNotice(accountId: string, leadId: string, now = new Date()): Promise<string | null> {
  const db = await getDb();
  const [lead, account] = await Promise.all([getLeadOrThrow(db, accountId, leadId), getAccountOrThrow(accountId, db)]);
  if (!account.smsQuietHours) return null;
  const { zones } = await leadTimeZones(lead, account.timezone);
  const opening = nextWindowOpening(now, zones);
  if (!opening) return null;
  const local = (at: Date, zone: string, format: string) => DateTime.fromJSDate(at, { zone }).toFormat(format);
  if (zones.length === 1) {
    const [zone] = zones;
    return `It is ${local(now, zone, "HH:mm")} for this lead (${zone}): quiet hours. A text sent now is scheduled for ${local(opening, zone, "ccc d LLL, HH:mm")} their time, and can be cancelled until then.`;
  }
  // The number's area code spans zones: each clock, since the window is daytime in all of them.
  const clocks = zones.map((zone) => `${local(now, zone, "HH:mm")} in ${zone}`).join(", ");
  const openings = zones.map((zone) => `${local(opening, zone, "HH:mm")} ${zone}`).join(", ");
  return `It is ${clocks} for this lead (their area code spans these zones): quiet hours. A text sent now is scheduled for ${local(opening, zones[0], "ccc d LLL")}, ${openings}, and can be cancelled until then.`;
}
