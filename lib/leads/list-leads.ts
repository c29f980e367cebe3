import { and, arrayContains, count, eq, gt, gte, isNull, lt, sql, type SQL } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/db/client";
import { leads, type Lead } from "@/db/schema";
import { JsonText } from "@/lib/query/json-text";
import { ifSet } from "@/lib/query/if-set";
import { cursorScope } from "@/lib/pagination/cursor";
import { keyset, type Page } from "@/lib/pagination/keyset";
import type { LeadListQuery } from "@/lib/schemas/leads";
import type { ListSort } from "@/lib/schemas/common";
import { canonicalCustomFieldFilter, customFieldFilterCondition } from "@/lib/custom-fields/custom-field-filter";
import { leadSearchCondition } from "./lead-search";
import { publicLeadJson, toPublicLead, type PublicLead } from "./public-lead";

/** Filters the web UI's list (and its CSV export) offers beyond GET /api/v1/leads: a day range
 * read in the viewer's zone needs a bound that includes its start and one that excludes its end
 * (the API has createdAfter only, strictly after). The API's routes never pass them, so its
 * queries, plans and cursors are exactly as documented. */
interface LeadListView {
  /** Created at or after this instant. */
  createdFrom?: Date;
  /** Created strictly before this instant. */
  createdBefore?: Date;
  /** Only leads nobody is assigned to (the owner's "who takes these?" view). */
  unassigned?: true;
}
/** The web UI's query: the API's, plus its own filters and the name sort (ListSort). */
export type LeadWebQuery = Omit<LeadListQuery, "sort"> & LeadListView & { sort: ListSort };
export type LeadWebFilters = Omit<LeadWebQuery, "limit" | "cursor" | "sort">;

/** The filters' conditions (account, live leads, each filter given), without any paging. */
function leadFilterConditions(accountId: string, filters: LeadWebFilters, custom?: SQL) {
  return [
    eq(leads.accountId, accountId),
    isNull(leads.deletedAt),
    ifSet(filters.status, (v) => eq(leads.status, v)),
    ifSet(filters.source, (v) => eq(leads.source, v)),
    ifSet(filters.assignedTo, (v) => eq(leads.assignedTo, v)),
    ifSet(filters.unassigned, () => isNull(leads.assignedTo)),
    ifSet(filters.tag, (v) => arrayContains(leads.tags, [v])),
    ifSet(filters.externalId, (v) => eq(leads.externalId, v)),
    ifSet(filters.createdAfter, (v) => gt(leads.createdAt, v)),
    ifSet(filters.createdFrom, (v) => gte(leads.createdAt, v)),
    ifSet(filters.createdBefore, (v) => lt(leads.createdAt, v)),
    ifSet(filters.updatedAfter, (v) => gt(leads.updatedAt, v)),
    ifSet(filters.q, leadSearchCondition),
    custom,
  ];
}

function leadListConditions(accountId: string, query: LeadWebQuery, custom?: SQL) {
  const { limit, cursor, sort, cf, ...rest } = query;
  // cf is in the cursor's scope, its keys sorted: a cursor follows only the filters it was made for.
  const filters = { ...rest, cf: canonicalCustomFieldFilter(cf) };
  const page = keyset({ limit, cursor, sort }, leads, cursorScope("leads", accountId, filters));
  const conditions = [...leadFilterConditions(accountId, filters, custom), page.where];
  return { where: and(...conditions), page };
}

/** The SQL of the query's `cf` filters (their definitions are read first), or undefined. */
const customFilterOf = (db: DbOrTx, accountId: string, query: LeadWebFilters) =>
  customFieldFilterCondition(db, accountId, "lead", query.cf);

/** The page query listLeads (the web UI) runs, unexecuted. */
function leadListSelect(db: DbOrTx, accountId: string, query: LeadWebQuery, custom?: SQL) {
  const { where, page } = leadListConditions(accountId, query, custom);
  return {
    select: db
      .select()
      .from(leads)
      .where(where)
      .orderBy(...page.orderBy)
      .limit(page.fetch),
    page,
  };
}

/** A page of leads, for the web UI. */
export async function listLeads(accountId: string, query: LeadWebQuery): Promise<Page<PublicLead>> {
  const db = await getDb();
  const { select, page } = leadListSelect(db, accountId, query, await customFilterOf(db, accountId, query));
  return page.toPage(await select, toPublicLead);
}

/** The same page as listLeads as the stored rows, for the CSV export (lib/exports), which also
 * writes each lead's customFields. */
export async function listLeadRows(accountId: string, query: LeadWebQuery): Promise<Page<Lead>> {
  const db = await getDb();
  const { select, page } = leadListSelect(db, accountId, query, await customFilterOf(db, accountId, query));
  return page.toPage(await select, (row) => row);
}

/** The filters' WHERE (their custom field definitions read first): what a bulk action on "all
 * matching" walks (lib/bulk-actions), the same leads the list shows. */
export async function leadFilterWhere(
  db: DbOrTx,
  accountId: string,
  filters: LeadWebFilters,
): Promise<SQL | undefined> {
  return and(...leadFilterConditions(accountId, filters, await customFilterOf(db, accountId, filters)));
}

/** Counts stop here: past it the list says "10,000+". Counting every lead of a large account
 * reads its whole account index on each keystroke; a capped count reads at most this many. */
export const LEAD_COUNT_CAP = 10_000;

export interface LeadCount {
  count: number;
  /** More leads match than `count` (the cap). */
  capped: boolean;
}

/** How many leads the filters select (the list's heading: "1,284 leads"), with the list's own
 * conditions, counted in SQL up to LEAD_COUNT_CAP: a LIMIT inside the count stops the scan. */
export async function countLeads(accountId: string, filters: LeadWebFilters): Promise<LeadCount> {
  const db = await getDb();
  const where = await leadFilterWhere(db, accountId, filters);
  const matching = db
    .select({ one: sql`1` })
    .from(leads)
    .where(where)
    .limit(LEAD_COUNT_CAP + 1)
    .as("matching");
  const [row] = await db.select({ n: count() }).from(matching);
  const n = row?.n ?? 0;
  return n > LEAD_COUNT_CAP ? { count: LEAD_COUNT_CAP, capped: true } : { count: n, capped: false };
}

/** The same page as listLeads, as the API's JSON body: the rows come serialized by PostgreSQL
 * (public-lead.ts). Same filters, order and limit as leadListSelect. */
export async function listLeadsJson(accountId: string, query: LeadListQuery): Promise<JsonText<Page<PublicLead>>> {
  const db = await getDb();
  const { select, page } = leadListJsonSelect(db, accountId, query, await customFilterOf(db, accountId, query));
  return page.toJsonPage((await select).map((row) => new JsonText<PublicLead>(row.json)));
}

/** The page query GET /leads runs, unexecuted: the bench and tests/integration/lead-query-plans
 * EXPLAIN it (`custom`: the cf filters' SQL, from customFieldFilterCondition; the web UI's query,
 * so the plan of its name sort can be read too). The serialization is a subplan above the sort and limit: it runs for the page's
 * rows only, and the plan is leadListSelect's. */
export function leadListJsonSelect(db: DbOrTx, accountId: string, query: LeadWebQuery, custom?: SQL) {
  const { where, page } = leadListConditions(accountId, query, custom);
  return {
    select: db
      .select({ json: publicLeadJson })
      .from(leads)
      .where(where)
      .orderBy(...page.orderBy)
      .limit(page.fetch),
    page,
  };
}
