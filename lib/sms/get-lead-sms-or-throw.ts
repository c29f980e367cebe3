import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { smsMessages } from "@/db/schema";
import { notFound } from "@/lib/errors/api-error";
import { getLeadOrThrow } from "@/lib/leads/get-lead-or-throw";
import { toPublicSms, type PublicSms } from "./send-sms-to-lead";

/** One message sent to a live lead of the account (GET /leads/:id/sms/:smsId, where POST's
 * Location points): how an integrator sees a `queued` message become `sent` or `failed` once
 * the provider reports. 404 for a deleted lead, as every other lead path, and for a message
 * of another lead or account. */
export async function getLeadSmsOrThrow(accountId: string, leadId: string, smsId: string): Promise<PublicSms> {
  const db = await getDb();
  await getLeadOrThrow(db, accountId, leadId);
  const [sms] = await db
    .select()
    .from(smsMessages)
    .where(and(eq(smsMessages.id, smsId), eq(smsMessages.leadId, leadId), eq(smsMessages.accountId, accountId)))
    .limit(1);
  if (!sms) throw notFound("SMS message");
  return toPublicSms(sms);
}
