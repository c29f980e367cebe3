import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { accounts, leads, smsMessages } from "@/db/schema";
import { recordActivity, type Actor } from "@/lib/activities/record-activity";
import { recordEvent } from "@/lib/events/record-event";
import { logger } from "@/lib/log/logger";
import { inTransaction } from "@/lib/query/after-commit";
import { smsConsentRefusal } from "../assert-sms-consent";
import { deliverSms } from "../deliver-sms";
import { isNumberOptedOut } from "../number-opt-outs";
import { senderOf } from "../sms-sender";
import { toPublicSms } from "../public-sms";

export type SendScheduledSmsJob = { smsId: string; accountId: string };

const SCHEDULER: Actor = { type: "system", id: null, name: "Scheduled send" };

// Safe to run twice: the message is claimed (scheduled → queued) under a row lock, so only the
// first run sends; a cancelled, already sent or failed message is left alone. The lead is read
// again at send time: one who opted out (or whose number did, on any lead), revoked consent, was deleted or lost its phone since is not texted (the
// message is stored failed with the reason, and sms_failed / sms.failed are written).
export async function sendScheduledSms({ smsId, accountId }: SendScheduledSmsJob): Promise<void> {
  const db = await getDb();
  const claimed = await inTransaction(db, async (tx) => {
    const [row] = await tx
      .select({
        sms: smsMessages,
        lead: leads,
        smsNumber: accounts.smsNumber,
        requireSmsConsent: accounts.requireSmsConsent,
      })
      .from(smsMessages)
      .innerJoin(leads, eq(leads.id, smsMessages.leadId))
      .innerJoin(accounts, eq(accounts.id, smsMessages.accountId))
      .where(and(eq(smsMessages.id, smsId), eq(smsMessages.accountId, accountId)))
      .for("update", { of: smsMessages });
    if (!row || row.sms.status !== "scheduled") return null;
    const refusal = row.lead.deletedAt
      ? "the lead was deleted before the scheduled send"
      : row.lead.smsOptOut
        ? "the lead opted out before the scheduled send"
        : row.lead.phone !== row.sms.to
          ? "the lead's phone changed before the scheduled send"
          : (await isNumberOptedOut(tx, accountId, row.sms.to, senderOf(row)))
            ? "the phone number opted out (STOP) before the scheduled send"
            : smsConsentRefusal(row, row.lead)
              ? "the lead's SMS consent no longer allows the scheduled send"
              : null;
    if (refusal) {
      const [failed] = await tx
        .update(smsMessages)
        .set({ status: "failed", error: refusal })
        .where(eq(smsMessages.id, smsId))
        .returning();
      await recordActivity(
        tx,
        { accountId, leadId: failed.leadId, actor: SCHEDULER },
        {
          kind: "sms_failed",
          smsId,
          to: failed.to,
        },
      );
      await recordEvent(tx, accountId, SCHEDULER, { type: "sms.failed", object: toPublicSms(failed) });
      logger.info("scheduled sms not sent", { smsId, reason: refusal });
      return null;
    }
    const [queued] = await tx
      .update(smsMessages)
      .set({ status: "queued" })
      .where(eq(smsMessages.id, smsId))
      .returning();
    return { queued, from: row.smsNumber ?? undefined };
  });
  if (claimed) await deliverSms(db, claimed.queued, claimed.from, SCHEDULER);
}
