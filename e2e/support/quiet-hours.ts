import { DateTime } from "luxon";

// The demo account has quiet hours on (the product's default) in America/New_York, and its
// leads' +1 numbers give no zone of their own: a text sent between 21:00 and 08:00 there is
// scheduled, not sent. The specs that send expect whichever the hour of the run makes true.
function demoLeadsInQuietHours(now = DateTime.now()): boolean {
  const hour = now.setZone("America/New_York").hour;
  return hour < 8 || hour >= 21;
}

/** What the lead page, the timeline and the Messages page say of a text sent now. */
export function expectedSendOutcome(to: string) {
  return demoLeadsInQuietHours()
    ? { notice: new RegExp(`the SMS to \\${to} is scheduled for`), activity: "sms_scheduled", status: "Scheduled" }
    : { notice: new RegExp(`^SMS sent to \\${to}\\.$`), activity: "sms_sent", status: "Sent" };
}
