import { and, eq, isNull } from "drizzle-orm";
import { getDb } from "@/db/client";
import { leads, smsMessages } from "@/db/schema";
import { notFound } from "@/lib/errors/api-error";
import { toPublicSms, type PublicSms } from "./public-sms";

/** One message sent to a live lead of the account (GET /leads/:id/sms/:smsId, where POST's
 * Location points): how an integrator sees a `queued` message become `sent` or `failed` once
 * the provider reports. 404 for a deleted lead, as every other lead path, and for a message
 * of another lead or account. One query: the message joined to its lead, which must be live. */
export async function getLeadSmsOrThrow(accountId: string, leadId: string, smsId: string): Promise<PublicSms> {
  const db = await getDb();
  const [row] = await db
    .select({ sms: smsMessages })
    .from(smsMessages)
    .innerJoin(
      leads,
      and(eq(leads.id, smsMessages.leadId), eq(leads.accountId, smsMessages.accountId), isNull(leads.deletedAt)),
    )
    .where(and(eq(smsMessages.id, smsId), eq(smsMessages.leadId, leadId), eq(smsMessages.accountId, accountId)))
    .limit(1);
  if (!row) throw notFound("SMS message");
  return toPublicSms(row.sms);
}
