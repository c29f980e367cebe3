import { and, eq, isNull } from "drizzle-orm";
import { getDb } from "@/db/client";
import { leads, smsMessages } from "@/db/schema";
import { recordActivity, type Actor } from "@/lib/activities/record-activity";
import { recordEvent } from "@/lib/events/record-event";
import { ApiError, notFound } from "@/lib/errors/api-error";
import { inTransaction } from "@/lib/query/after-commit";
import { toPublicSms, type PublicSms } from "../public-sms";

// A scheduled message can be cancelled until its worker claims it: both take the row lock, so
// either the cancel wins (the worker then finds it cancelled and sends nothing) or the send does
// (the cancel answers 409). Its job is left to run and do nothing.
export async function cancelScheduledSms(
  accountId: string,
  leadId: string,
  smsId: string,
  actor: Actor,
): Promise<PublicSms> {
  const db = await getDb();
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .select({ sms: smsMessages })
      .from(smsMessages)
      .innerJoin(leads, and(eq(leads.id, smsMessages.leadId), isNull(leads.deletedAt)))
      .where(and(eq(smsMessages.id, smsId), eq(smsMessages.leadId, leadId), eq(smsMessages.accountId, accountId)))
      .for("update", { of: smsMessages });
    if (!row) throw notFound("SMS message");
    if (row.sms.status !== "scheduled")
      throw new ApiError(
        "sms_not_scheduled",
        `Only a scheduled message can be cancelled; this one is ${row.sms.status}.`,
      );
    const [cancelled] = await tx
      .update(smsMessages)
      .set({ status: "cancelled" })
      .where(eq(smsMessages.id, smsId))
      .returning();
    await recordActivity(tx, { accountId, leadId, actor }, { kind: "sms_cancelled", smsId, to: cancelled.to });
    await recordEvent(tx, accountId, actor, { type: "sms.cancelled", object: toPublicSms(cancelled) });
    return toPublicSms(cancelled);
  });
}
