import { and, asc, count, eq, gte, inArray, isNull, notExists, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { getDb } from "@/db/client";
import { leads, smsMessages } from "@/db/schema";

export interface LeadAwaitingReply {
  leadId: string;
  leadName: string;
  assignedTo: string | null;
  /** The lead's last message, the one no one has answered. */
  message: string;
  receivedAt: Date;
}

/** How far back the dashboard looks for unanswered texts. */
export const AWAITING_REPLY_DAYS = 30;

// What answers a lead's text: a message of ours that went out or will (queued, sent, scheduled).
// A failed or cancelled send reached no one, so the lead is still waiting.
const ANSWERING_STATUSES = ["queued", "sent", "scheduled"] as const;

/**
 * Leads waiting on a reply: their last SMS is one they sent us, with nothing of ours after it
 * (a later failed or cancelled send does not count), received in the last 30 days; longest
 * waiting first. A lead who opted out is not waiting for a text.
 *
 * Bounded by the window: a range of sms_messages_account_created_idx (the account's texts of the
 * last 30 days), each inbound one checked for a later message through sms_messages_lead_created_idx.
 * Only the last inbound message of a lead has no later message, so each lead appears once.
 */
export async function listLeadsAwaitingReply(
  accountId: string,
  limit = 8,
  now: Date = new Date(),
): Promise<{ leads: LeadAwaitingReply[]; total: number }> {
  const db = await getDb();
  const later = alias(smsMessages, "later");
  const since = new Date(now.getTime() - AWAITING_REPLY_DAYS * 24 * 60 * 60 * 1000);
  const answeredOrSuperseded = db
    .select({ one: sql`1` })
    .from(later)
    .where(
      and(
        eq(later.leadId, smsMessages.leadId),
        sql`(${later.createdAt}, ${later.id}) > (${smsMessages.createdAt}, ${smsMessages.id})`,
        or(eq(later.direction, "inbound"), inArray(later.status, ANSWERING_STATUSES)),
      ),
    );
  const where = and(
    eq(smsMessages.accountId, accountId),
    eq(smsMessages.direction, "inbound"),
    gte(smsMessages.createdAt, since),
    notExists(answeredOrSuperseded),
  );
  const liveLead = and(
    eq(leads.id, smsMessages.leadId),
    eq(leads.accountId, accountId),
    isNull(leads.deletedAt),
    eq(leads.smsOptOut, false),
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        leadId: smsMessages.leadId,
        leadName: leads.name,
        assignedTo: leads.assignedTo,
        message: smsMessages.message,
        receivedAt: smsMessages.createdAt,
      })
      .from(smsMessages)
      .innerJoin(leads, liveLead)
      .where(where)
      .orderBy(asc(smsMessages.createdAt), asc(smsMessages.id))
      .limit(limit),
    db.select({ total: count() }).from(smsMessages).innerJoin(leads, liveLead).where(where),
  ]);
  return { leads: rows, total };
}
