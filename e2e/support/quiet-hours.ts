import { DateTime } from "luxon";

// The demo account has quiet hours on (the product's default). The specs that send text (415)
// numbers, and a +1 number's zone comes from its area code (lib/sms/quiet-hours/phone-time-zones.ts):
// San Francisco, Pacific time, whatever the account's own zone. A text sent between 21:00 and 08:00
// there is scheduled, not sent; the specs expect whichever the hour of the run makes true.
function demoLeadsInQuietHours(now = DateTime.now()): boolean {
  const hour = now.setZone("America/Los_Angeles").hour;
  return hour < 8 || hour >= 21;
}

/** What the lead page, the timeline and the Messages page say of a text sent now to a (415) number. */
export function expectedSendOutcome(to: string) {
  if (!to.startsWith("+1415")) throw new Error(`expectedSendOutcome knows (415) numbers only, not ${to}`);
  return demoLeadsInQuietHours()
    ? { notice: new RegExp(`the SMS to \\${to} is scheduled for`), activity: "sms_scheduled", status: "Scheduled" }
    : { notice: new RegExp(`^SMS sent to \\${to}\\.$`), activity: "sms_sent", status: "Sent" };
}
