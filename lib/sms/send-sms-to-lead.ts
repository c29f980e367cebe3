import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { inTransaction } from "@/lib/query/after-commit";
import { getAccountOrThrow } from "@/lib/accounts/get-account";
import { smsMessages } from "@/db/schema";
import { newId } from "@/lib/ids/new-id";
import { ApiError } from "@/lib/errors/api-error";
import { recordActivity, type Actor } from "@/lib/activities/record-activity";
import { recordEvent } from "@/lib/events/record-event";
import { getLeadOrThrow } from "@/lib/leads/get-lead-or-throw";
import { logger } from "@/lib/log/logger";
import { getSmsProvider } from "./get-sms-provider";
import { SmsProviderFailure } from "./providers/sms-provider";
import { toPublicSms, type PublicSms } from "./public-sms";

// 1. record the message as queued (so a crash mid-send leaves a trace, never a silent resend);
// 2. call the provider outside any transaction; 3. store the outcome, its activity and its event
// together.
export async function sendSmsToLead(
  accountId: string,
  leadId: string,
  message: string,
  actor: Actor,
): Promise<PublicSms> {
  const db = await getDb();
  const provider = getSmsProvider();
  const [lead, account] = await Promise.all([getLeadOrThrow(db, accountId, leadId), getAccountOrThrow(accountId, db)]);
  if (!lead.phone)
    throw new ApiError("lead_has_no_phone", "This lead has no phone number. Add one before sending an SMS.");
  if (lead.smsOptOut) throw new ApiError("lead_opted_out", "This lead opted out of SMS.");
  const [queued] = await db
    .insert(smsMessages)
    .values({ id: newId("sms"), accountId, leadId, to: lead.phone, message, status: "queued", provider: provider.name })
    .returning();

  let outcome: { status: "sent" | "queued" | "failed"; providerMessageId: string | null; error: string | null };
  try {
    const from = account.smsNumber ?? undefined;
    outcome = { ...(await provider.send({ to: lead.phone, body: message, from })), error: null };
  } catch (error) {
    const reason = error instanceof SmsProviderFailure ? error.message : "unexpected provider error";
    logger.warn("sms provider failed", { smsId: queued.id, provider: provider.name, error: reason });
    outcome = { status: "failed", providerMessageId: null, error: reason };
  }

  const stored = await inTransaction(db, async (tx) => {
    const [row] = await tx.update(smsMessages).set(outcome).where(eq(smsMessages.id, queued.id)).returning();
    const failed = outcome.status === "failed";
    await recordActivity(
      tx,
      { accountId, leadId, actor },
      { kind: failed ? "sms_failed" : "sms_sent", smsId: row.id, to: lead.phone },
    );
    // A message the provider only queued is reported when its status callback says sent.
    if (row.status !== "queued")
      await recordEvent(tx, accountId, actor, { type: failed ? "sms.failed" : "sms.sent", object: toPublicSms(row) });
    return row;
  });
  if (stored.status === "failed") {
    throw new ApiError(
      "sms_provider_error",
      "The SMS provider could not take the message. It is stored as failed; retry later with a new Idempotency-Key.",
    );
  }
  return toPublicSms(stored);
}
