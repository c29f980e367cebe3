import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { smsMessages } from "@/db/schema";
import { recordActivity, type Actor } from "@/lib/activities/record-activity";
import { recordEvent } from "@/lib/events/record-event";
import { logger } from "@/lib/log/logger";
import { inTransaction } from "@/lib/query/after-commit";
import { getSmsProvider } from "./get-sms-provider";
import { SmsProviderFailure } from "./providers/sms-provider";
import { toPublicSms } from "./public-sms";

type SmsRow = typeof smsMessages.$inferSelect;

// A message already stored as `queued` (an immediate send, or a scheduled one its worker claimed)
// goes to the provider, outside any transaction; its outcome, activity and event are stored
// together. Shared by POST /leads/:id/sms and the send-scheduled-sms worker, so both record the
// same way.
export async function deliverSms(db: Db, queued: SmsRow, from: string | undefined, actor: Actor): Promise<SmsRow> {
  const provider = getSmsProvider();
  let outcome: { status: "sent" | "queued" | "failed"; providerMessageId: string | null; error: string | null };
  try {
    outcome = { ...(await provider.send({ to: queued.to, body: queued.message, from })), error: null };
  } catch (error) {
    const reason = error instanceof SmsProviderFailure ? error.message : "unexpected provider error";
    logger.warn("sms provider failed", { smsId: queued.id, provider: provider.name, error: reason });
    outcome = { status: "failed", providerMessageId: null, error: reason };
  }

  return inTransaction(db, async (tx) => {
    const [row] = await tx.update(smsMessages).set(outcome).where(eq(smsMessages.id, queued.id)).returning();
    const failed = outcome.status === "failed";
    await recordActivity(
      tx,
      { accountId: row.accountId, leadId: row.leadId, actor },
      { kind: failed ? "sms_failed" : "sms_sent", smsId: row.id, to: row.to },
    );
    // A message the provider only queued is reported when its status callback says sent.
    if (row.status !== "queued")
      await recordEvent(tx, row.accountId, actor, {
        type: failed ? "sms.failed" : "sms.sent",
        object: toPublicSms(row),
      });
    return row;
  });
}
