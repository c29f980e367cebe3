import type { BadgeTone } from "@/components/ui/badge";
import type { SMS_STATUSES } from "@/lib/domain/enums";

/** Each SMS status as the messages page and a lead's thread show it: its word and its colour. */
export const SMS_STATUS_LABELS: Record<(typeof SMS_STATUSES)[number], readonly [string, BadgeTone]> = {
  sent: ["Sent", "emerald"],
  queued: ["Queued", "amber"],
  failed: ["Failed", "red"],
  received: ["Received", "sky"],
  scheduled: ["Scheduled", "indigo"],
  cancelled: ["Cancelled", "slate"],
};
