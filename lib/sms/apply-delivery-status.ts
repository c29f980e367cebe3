import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { inTransaction } from "@/lib/query/after-commit";
import { smsMessages, type SmsMessage } from "@/db/schema";
import { recordActivity } from "@/lib/activities/record-activity";
import type { EventType } from "@/lib/domain/enums";
import { recordEvent } from "@/lib/events/record-event";
import { toPublicSms } from "./public-sms";

// Twilio's MessageStatus → ours. Intermediate states (accepted, sending…) change nothing.
const FINAL: Record<string, "sent" | "failed"> = {
  sent: "sent",
  delivered: "sent",
  failed: "failed",
  undelivered: "failed",
};

const TWILIO = { type: "system" as const, id: null, name: "Twilio" };

/** The event a report makes, if any: each of sms.sent, sms.delivered and sms.failed at most once,
 * since Twilio may repeat a callback. */
function eventOf(sms: SmsMessage, providerStatus: string): EventType | null {
  const next = FINAL[providerStatus];
  if (!next) return null;
  if (next === "failed") return sms.status === "failed" ? null : "sms.failed";
  if (providerStatus === "delivered") return sms.deliveredAt ? null : "sms.delivered";
  return sms.status === "queued" ? "sms.sent" : null;
}

/** A verified delivery report. Returns false when no message has that provider id. */
export async function applyDeliveryStatus(
  providerMessageId: string,
  providerStatus: string,
  errorCode: string | null,
): Promise<boolean> {
  const db = await getDb();
  return inTransaction(db, async (tx) => {
    const [sms] = await tx
      .select()
      .from(smsMessages)
      .where(eq(smsMessages.providerMessageId, providerMessageId))
      .limit(1)
      .for("update");
    if (!sms) return false;
    const event = eventOf(sms, providerStatus);
    if (!event) return true;
    const failed = event === "sms.failed";
    const [updated] = await tx
      .update(smsMessages)
      .set({
        status: failed ? "failed" : "sent",
        error: failed ? `Twilio reported ${providerStatus}${errorCode ? ` (error ${errorCode})` : ""}` : null,
        ...(event === "sms.delivered" && { deliveredAt: new Date() }),
      })
      .where(eq(smsMessages.id, sms.id))
      .returning();
    if (failed) {
      await recordActivity(
        tx,
        { accountId: sms.accountId, leadId: sms.leadId, actor: TWILIO },
        { kind: "sms_undelivered", smsId: sms.id, to: sms.to, providerStatus },
      );
    }
    await recordEvent(tx, sms.accountId, TWILIO, { type: event, object: toPublicSms(updated) });
    return true;
  });
}
