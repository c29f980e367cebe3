import { and, eq, type SQL } from "drizzle-orm";
import { getDb } from "@/db/client";
import { smsMessages } from "@/db/schema";
import { getLeadOrThrow } from "@/lib/leads/get-lead-or-throw";
import { cursorScope } from "@/lib/pagination/cursor";
import { keyset, type Page } from "@/lib/pagination/keyset";
import { ifSet } from "@/lib/query/if-set";
import type { LeadSmsListQuery } from "@/lib/schemas/sms";
import { toPublicSms, type PublicSms } from "./public-sms";

// GET /leads/:id/sms and the lead page's thread: a live lead's messages, both directions, by
// cursor. 404 for a deleted lead or another account's, as on every lead path.
export async function listLeadSms(
  accountId: string,
  leadId: string,
  query: LeadSmsListQuery,
): Promise<Page<PublicSms>> {
  const { limit, cursor, sort, ...filters } = query;
  const db = await getDb();
  await getLeadOrThrow(db, accountId, leadId);
  const page = keyset({ limit, cursor, sort }, smsMessages, cursorScope("lead-sms", accountId, { leadId, ...filters }));
  const conditions: (SQL | undefined)[] = [
    eq(smsMessages.leadId, leadId),
    eq(smsMessages.accountId, accountId),
    ifSet(filters.direction, (v) => eq(smsMessages.direction, v)),
    page.where,
  ];
  const rows = await db
    .select()
    .from(smsMessages)
    .where(and(...conditions))
    .orderBy(...page.orderBy)
    .limit(page.fetch);
  return page.toPage(rows, toPublicSms);
}
