import { and, eq, inArray, isNull, lte, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { leads } from "@/db/schema";
import { leadFilterWhere, type LeadWebFilters } from "@/lib/leads/list-leads";
import type { BulkLeadSelection, StoredLeadFilters } from "@/lib/schemas/bulk-lead-actions";

// A bulk action's leads, as stored (ids picked on the page, or the list's filters at submit) and
// as the job reads them back: a WHERE over the account's live leads, walked in id order.

/** The filters' instants, which JSON keeps as ISO text. */
const DATE_KEYS = ["createdFrom", "createdBefore", "createdAfter", "updatedAfter"] as const;

/** The filters as JSON keeps them. */
export function storedFilters(filters: LeadWebFilters): StoredLeadFilters {
  const entries = Object.entries(filters).map(([key, value]) => [
    key,
    value instanceof Date ? value.toISOString() : value,
  ]);
  return Object.fromEntries(entries) as StoredLeadFilters;
}

function revivedFilters(stored: StoredLeadFilters): LeadWebFilters {
  const dated = (key: string) => (DATE_KEYS as readonly string[]).includes(key);
  const entries = Object.entries(stored).map(([key, value]) => [key, dated(key) ? new Date(value as string) : value]);
  return Object.fromEntries(entries) as LeadWebFilters;
}

/** The selection's leads: the account's live leads among the ids, or matching the filters and
 * created by the time the action was asked (a lead arriving during the job is not one of them). */
export async function selectionWhere(
  db: DbOrTx,
  accountId: string,
  selection: BulkLeadSelection,
): Promise<SQL | undefined> {
  if (selection.kind === "ids")
    return and(eq(leads.accountId, accountId), isNull(leads.deletedAt), inArray(leads.id, selection.ids));
  const filters = await leadFilterWhere(db, accountId, revivedFilters(selection.filters));
  return and(filters, lte(leads.createdAt, new Date(selection.asOf)));
}
