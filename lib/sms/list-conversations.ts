import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { leads, smsConversations, smsMessages } from "@/db/schema";
import type { SmsDirection } from "@/lib/domain/enums";
import { cursorScope, decodeTextCursor, encodeCursor } from "@/lib/pagination/cursor";
import type { Page } from "@/lib/pagination/keyset";
import { ApiError } from "@/lib/errors/api-error";
import type { AccountMessage } from "./list-messages";

export interface Conversation {
  leadId: string;
  leadName: string;
  leadPhone: string | null;
  /** Replies no one has marked read. */
  unread: number;
  /** The latest message, either direction. */
  last: Pick<AccountMessage, "id" | "direction" | "message" | "status" | "error" | "sendAt" | "deliveredAt"> & {
    createdAt: string;
  };
}

const SORT = "inbox";
const hasUnread = sql<boolean>`(${smsConversations.unreadCount} > 0)`;

/** The cursor's sort value: the unread flag and the time, as one text ("1|2026-…Z"). */
const positionText = (unread: boolean, at: Date) => `${unread ? 1 : 0}|${at.toISOString()}`;

function openPosition(cursor: string, scope: string): { unread: boolean; at: Date; leadId: string } {
  const { text, id } = decodeTextCursor(cursor, SORT, scope);
  const [flag, iso] = text.split("|");
  const at = new Date(iso ?? "");
  if ((flag !== "0" && flag !== "1") || Number.isNaN(at.getTime()))
    throw new ApiError("invalid_cursor", "The cursor is invalid. Start again from the first page.");
  return { unread: flag === "1", at, leadId: id };
}

// The inbox: one row per live lead with SMS, its latest message either way, conversations with
// unread replies first, then the latest first. Every member of the account sees every
// conversation, as they see every lead. One query on sms_conversations_inbox_idx (kept by
// triggers on sms_messages), keyset-paged on (unread, last message time, lead id), so page 400
// costs what page 1 costs.
export async function listConversations(
  accountId: string,
  query: { limit: number; cursor?: string },
): Promise<Page<Conversation>> {
  const scope = cursorScope("inbox", accountId, {});
  const after = query.cursor ? openPosition(query.cursor, scope) : null;
  const db = await getDb();
  const rows = await db
    .select({
      leadId: smsConversations.leadId,
      unreadCount: smsConversations.unreadCount,
      lastAt: smsConversations.lastAt,
      leadName: leads.name,
      leadPhone: leads.phone,
      sms: {
        id: smsMessages.id,
        direction: smsMessages.direction,
        message: smsMessages.message,
        status: smsMessages.status,
        error: smsMessages.error,
        sendAt: smsMessages.sendAt,
        deliveredAt: smsMessages.deliveredAt,
        createdAt: smsMessages.createdAt,
      },
    })
    .from(smsConversations)
    .innerJoin(
      leads,
      and(
        eq(leads.id, smsConversations.leadId),
        eq(leads.accountId, smsConversations.accountId),
        isNull(leads.deletedAt),
      ),
    )
    .innerJoin(smsMessages, eq(smsMessages.id, smsConversations.lastSmsId))
    .where(
      and(
        eq(smsConversations.accountId, accountId),
        after
          ? sql`(${hasUnread}, ${smsConversations.lastAt}, ${smsConversations.leadId}) < (${after.unread}, ${after.at.toISOString()}::timestamptz, ${after.leadId})`
          : undefined,
      ),
    )
    .orderBy(desc(hasUnread), desc(smsConversations.lastAt), desc(smsConversations.leadId))
    .limit(query.limit + 1);
  const hasMore = rows.length > query.limit;
  const kept = hasMore ? rows.slice(0, query.limit) : rows;
  const last = kept.at(-1);
  return {
    data: kept.map((row) => ({
      leadId: row.leadId,
      leadName: row.leadName,
      leadPhone: row.leadPhone,
      unread: row.unreadCount,
      last: {
        id: row.sms.id,
        direction: row.sms.direction as SmsDirection,
        message: row.sms.message,
        status: row.sms.status,
        error: row.sms.error,
        sendAt: row.sms.sendAt?.toISOString() ?? null,
        deliveredAt: row.sms.deliveredAt?.toISOString() ?? null,
        createdAt: row.sms.createdAt.toISOString(),
      },
    })),
    meta: {
      cursor: last
        ? encodeCursor(SORT, scope, { text: positionText(last.unreadCount > 0, last.lastAt), id: last.leadId })
        : null,
      hasMore,
      limit: query.limit,
    },
  };
}
