import { and, eq, isNull } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/db/client";
import { leads, type Lead } from "@/db/schema";
import { notFound } from "@/lib/errors/api-error";
import { toPublicLead, type PublicLead } from "./public-lead";

// A live lead of the account, else 404 (also for another account's id or a deleted lead): the
// table's row for services, which read it inside their transaction, and the public shape for
// pages and the API.

/** The lead's row. `forUpdate` locks it for the rest of the transaction. */
export async function getLeadOrThrow(
  db: DbOrTx,
  accountId: string,
  leadId: string,
  opts: { forUpdate?: boolean; includeDeleted?: boolean } = {},
): Promise<Lead> {
  const where = and(
    eq(leads.id, leadId),
    eq(leads.accountId, accountId),
    opts.includeDeleted ? undefined : isNull(leads.deletedAt),
  );
  const query = db.select().from(leads).where(where).limit(1);
  const [lead] = opts.forUpdate ? await query.for("update") : await query;
  if (!lead) throw notFound("Lead");
  return lead;
}

/** The lead as the API shows it, for pages that list its activity separately. */
export async function getPublicLeadOrThrow(accountId: string, leadId: string): Promise<PublicLead> {
  return toPublicLead(await getLeadOrThrow(await getDb(), accountId, leadId));
}
