import { and, eq, gte, ilike, lte, or, sql, type SQL } from "drizzle-orm";
import { getDb } from "@/db/client";
import { properties, type Property } from "@/db/schema";
import { ifSet } from "@/lib/query/if-set";
import { cursorScope } from "@/lib/pagination/cursor";
import { keyset, type Page } from "@/lib/pagination/keyset";
import { likePattern } from "@/lib/query/like-pattern";
import type { PropertyListQuery } from "@/lib/schemas/properties";
import { canonicalCustomFieldFilter, customFieldFilterCondition } from "@/lib/custom-fields/custom-field-filter";
import { toPublicProperty, type PublicProperty } from "./public-property";

/** A page of properties as the stored rows: the list page's and the CSV export's one query. */
export async function listPropertyRows(accountId: string, query: PropertyListQuery): Promise<Page<Property>> {
  const { limit, cursor, sort, cf, ...rest } = query;
  const filters = { ...rest, cf: canonicalCustomFieldFilter(cf) };
  const page = keyset({ limit, cursor, sort }, properties, cursorScope("properties", accountId, filters));
  const db = await getDb();
  const conditions: (SQL | undefined)[] = [
    eq(properties.accountId, accountId),
    ifSet(filters.status, (v) => eq(properties.status, v)),
    ifSet(filters.type, (v) => eq(properties.type, v)),
    ifSet(filters.listingType, (v) => eq(properties.listingType, v)),
    ifSet(filters.externalId, (v) => eq(properties.externalId, v)),
    ifSet(filters.city, (v) => sql`lower(${properties.city}) = lower(${v})`),
    ifSet(filters.minPrice, (v) => gte(properties.price, v)),
    ifSet(filters.maxPrice, (v) => lte(properties.price, v)),
    ifSet(filters.q, (v) =>
      or(
        ilike(properties.title, likePattern(v)),
        ilike(properties.description, likePattern(v)),
        ilike(properties.street, likePattern(v)),
      ),
    ),
    await customFieldFilterCondition(db, accountId, "property", cf),
    page.where,
  ];
  const rows = await db
    .select()
    .from(properties)
    .where(and(...conditions))
    .orderBy(...page.orderBy)
    .limit(page.fetch);
  return page.toPage(rows, (row) => row);
}

export async function listProperties(accountId: string, query: PropertyListQuery): Promise<Page<PublicProperty>> {
  const page = await listPropertyRows(accountId, query);
  return { ...page, data: page.data.map(toPublicProperty) };
}
