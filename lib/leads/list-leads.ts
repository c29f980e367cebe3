import { and, arrayContains, eq, gt, isNull, type SQL } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/db/client";
import { leads, type Lead } from "@/db/schema";
import { JsonText } from "@/lib/query/json-text";
import { ifSet } from "@/lib/query/if-set";
import { cursorScope } from "@/lib/pagination/cursor";
import { keyset, type Page } from "@/lib/pagination/keyset";
import type { LeadListQuery } from "@/lib/schemas/leads";
import { canonicalCustomFieldFilter, customFieldFilterCondition } from "@/lib/custom-fields/custom-field-filter";
import { leadSearchCondition } from "./lead-search";
import { publicLeadJson, toPublicLead, type PublicLead } from "./public-lead";

function leadListConditions(accountId: string, query: LeadListQuery, custom?: SQL) {
  const { limit, cursor, sort, cf, ...rest } = query;
  // cf is in the cursor's scope, its keys sorted: a cursor follows only the filters it was made for.
  const filters = { ...rest, cf: canonicalCustomFieldFilter(cf) };
  const page = keyset({ limit, cursor, sort }, leads, cursorScope("leads", accountId, filters));
  const conditions: (SQL | undefined)[] = [
    eq(leads.accountId, accountId),
    isNull(leads.deletedAt),
    ifSet(filters.status, (v) => eq(leads.status, v)),
    ifSet(filters.source, (v) => eq(leads.source, v)),
    ifSet(filters.assignedTo, (v) => eq(leads.assignedTo, v)),
    ifSet(filters.tag, (v) => arrayContains(leads.tags, [v])),
    ifSet(filters.externalId, (v) => eq(leads.externalId, v)),
    ifSet(filters.createdAfter, (v) => gt(leads.createdAt, v)),
    ifSet(filters.updatedAfter, (v) => gt(leads.updatedAt, v)),
    ifSet(filters.q, leadSearchCondition),
    custom,
    page.where,
  ];
  return { where: and(...conditions), page };
}

/** The SQL of the query's `cf` filters (their definitions are read first), or undefined. */
const customFilterOf = (db: DbOrTx, accountId: string, query: LeadListQuery) =>
  customFieldFilterCondition(db, accountId, "lead", query.cf);

/** The page query listLeads (the web UI) runs, unexecuted. */
function leadListSelect(db: DbOrTx, accountId: string, query: LeadListQuery, custom?: SQL) {
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
export async function listLeads(accountId: string, query: LeadListQuery): Promise<Page<PublicLead>> {
  const db = await getDb();
  const { select, page } = leadListSelect(db, accountId, query, await customFilterOf(db, accountId, query));
  return page.toPage(await select, toPublicLead);
}

/** The same page as listLeads as the stored rows, for the CSV export (lib/exports), which also
 * writes each lead's customFields. */
export async function listLeadRows(accountId: string, query: LeadListQuery): Promise<Page<Lead>> {
  const db = await getDb();
  const { select, page } = leadListSelect(db, accountId, query, await customFilterOf(db, accountId, query));
  return page.toPage(await select, (row) => row);
}

/** The same page as listLeads, as the API's JSON body: the rows come serialized by PostgreSQL
 * (public-lead.ts). Same filters, order and limit as leadListSelect. */
export async function listLeadsJson(accountId: string, query: LeadListQuery): Promise<JsonText<Page<PublicLead>>> {
  const db = await getDb();
  const { select, page } = leadListJsonSelect(db, accountId, query, await customFilterOf(db, accountId, query));
  return page.toJsonPage((await select).map((row) => new JsonText<PublicLead>(row.json)));
}

/** The page query GET /leads runs, unexecuted: the bench and tests/integration/lead-query-plans
 * EXPLAIN it (`custom`: the cf filters' SQL, from customFieldFilterCondition). The serialization is a subplan above the sort and limit: it runs for the page's
 * rows only, and the plan is leadListSelect's. */
export function leadListJsonSelect(db: DbOrTx, accountId: string, query: LeadListQuery, custom?: SQL) {
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
