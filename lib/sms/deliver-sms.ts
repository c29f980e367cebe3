import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { smsMessages } from "@/db/schema";
import { recordActivity, type Actor } from "@/lib/activities/record-activity";
import { recordEvent } from "@/lib/events/record-event";
import { getLeadOrThrow } from "@/lib/leads/get-lead-or-throw";
import { followTheWork } from "@/lib/leads/pipeline-moves";
import { logger } from "@/lib/log/logger";
import { inTransaction } from "@/lib/query/after-commit";
import { getSmsProvider } from "./get-sms-provider";
import { SmsProviderFailure } from "./providers/sms-provider";
import { toPublicSms } from "./public-sms";

type SmsRow = typeof smsMessages.$inferSelect;

// A message already stored as `queued` (an immediate send, or a scheduled one its worker claimed)
// goes to the provider, outside any transaction; its outcome, activity and event are stored
// together, with the New lead's move to Contacted that a text sent makes (pipeline-moves.ts).
// Shared by POST /leads/:id/sms and the send-scheduled-sms worker, so both record the same way.
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

  const failed = outcome.status === "failed";
  return inTransaction(db, async (tx) => {
    // A text sent is contact: the lead's row is locked first, as every change of a lead takes it,
    // so one move is made however many texts go at once. A lead deleted since is left alone: the
    // text went, and its outcome is still recorded.
    const lead = failed
      ? null
      : await getLeadOrThrow(tx, queued.accountId, queued.leadId, { forUpdate: true }).catch(() => null);
    const [row] = await tx.update(smsMessages).set(outcome).where(eq(smsMessages.id, queued.id)).returning();
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
    if (lead) await followTheWork(tx, lead, { trigger: "text" }, actor);
    return row;
  });
}
