import { DateTime } from "luxon";
import { getDb } from "@/db/client";
import { getAccountOrThrow } from "@/lib/accounts/get-account";
import { getLeadOrThrow } from "@/lib/leads/get-lead-or-throw";
import { leadTimeZone } from "./lead-time-zone";
import { nextWindowOpening } from "./quiet-hours-window";

/** For the lead page's send form: when a text sent now would go out, if quiet hours would hold
 * it (null when it would go out at once), in words of the lead's own clock. */
export async function quietHoursNotice(accountId: string, leadId: string, now = new Date()): Promise<string | null> {
  const db = await getDb();
  const [lead, account] = await Promise.all([getLeadOrThrow(db, accountId, leadId), getAccountOrThrow(accountId, db)]);
  if (!account.smsQuietHours) return null;
  const zone = leadTimeZone(lead, account.timezone);
  const opening = nextWindowOpening(now, zone);
  if (!opening) return null;
  const local = (at: Date, format: string) => DateTime.fromJSDate(at, { zone }).toFormat(format);
  return `It is ${local(now, "HH:mm")} for this lead (${zone}): quiet hours. A text sent now is scheduled for ${local(opening, "ccc d LLL, HH:mm")} their time, and can be cancelled until then.`;
}
