import type { BadgeTone } from "@/components/ui/badge";
import type { SMS_STATUSES } from "@/lib/domain/enums";

type SmsStatus = (typeof SMS_STATUSES)[number];

/** Each SMS status in words, for a filter's options. */
const SMS_STATUS_LABELS: Record<SmsStatus, readonly [string, BadgeTone]> = {
  sent: ["Sent", "emerald"],
  queued: ["Sending", "amber"],
  failed: ["Failed", "red"],
  received: ["Received", "sky"],
  scheduled: ["Scheduled", "indigo"],
  cancelled: ["Cancelled", "slate"],
};

/** What a message's state shows: its status, except that a sent message the provider reported
 * delivered says Delivered. The API's status stays `sent` (delivery is its own event). */
export function smsStateLabel(sms: {
  status: SmsStatus;
  deliveredAt?: string | null;
}): readonly [label: string, tone: BadgeTone] {
  if (sms.status === "sent" && sms.deliveredAt) return ["Delivered", "emerald"];
  return SMS_STATUS_LABELS[sms.status];
}
