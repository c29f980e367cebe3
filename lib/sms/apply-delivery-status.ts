import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { smsMessages } from "@/db/schema";
import { recordActivity } from "@/lib/activities/record-activity";

// Twilio's MessageStatus → ours. Intermediate states (accepted, sending…) change nothing.
const FINAL: Record<string, "sent" | "failed"> = {
  sent: "sent",
  delivered: "sent",
  failed: "failed",
  undelivered: "failed",
};

/** A verified delivery report. Returns false when no message has that provider id. */
export async function applyDeliveryStatus(
  providerMessageId: string,
  providerStatus: string,
  errorCode: string | null,
): Promise<boolean> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [sms] = await tx
      .select()
      .from(smsMessages)
      .where(eq(smsMessages.providerMessageId, providerMessageId))
      .limit(1)
      .for("update");
    if (!sms) return false;
    const next = FINAL[providerStatus];
    if (!next || next === sms.status) return true;
    await tx
      .update(smsMessages)
      .set({
        status: next,
        error:
          next === "failed" ? `Twilio reported ${providerStatus}${errorCode ? ` (error ${errorCode})` : ""}` : null,
      })
      .where(eq(smsMessages.id, sms.id));
    if (next === "failed") {
      const actor = { type: "system" as const, id: null, name: "Twilio" };
      await recordActivity(
        tx,
        { accountId: sms.accountId, leadId: sms.leadId, actor },
        { kind: "sms_undelivered", smsId: sms.id, to: sms.to, providerStatus },
      );
    }
    return true;
  });
}
