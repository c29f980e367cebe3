import type { z } from "zod";
import { customFieldListFilter } from "@/lib/custom-fields/custom-field-list-filter";
import type { LeadWebFilters } from "@/lib/leads/list-leads";
import type { ListSort } from "@/lib/schemas/common";
import { leadListQuery } from "@/lib/schemas/leads";
import { propertyListQuery, type PropertyListQuery } from "@/lib/schemas/properties";
import { readLeadListParams, type LeadListViewer } from "@/lib/leads/lead-list-params";
import { searchText } from "@/lib/query/search-text";

// The list pages' filters in a URL, read for their "Export CSV" link (which carries the filters
// the page applied, as its pager links do): the export selects what the list shows. Each filter
// is the list query's own field (lib/schemas), read as the pages read theirs: a malformed value
// is ignored, not an error, and the search box's text is trimmed and cut at 200 characters
// (searchText) exactly as the page cuts it. Paging (cursor, limit) never narrows an export: it
// holds every matching row. The leads list's sort (its link carries `sort` as its pager links
// do) orders the file as the screen is ordered; the properties list has no sort, so its export
// is newest first, as that list is. The pages' custom field filter (`cfKey` and `cfValue`) is
// read as they read it (customFieldListFilter); a value its field cannot hold fails the export
// as it empties the list (withCustomFieldFilterError).
// The leads list's own filters beyond the API's (`assignedTo=me`, `from` and `to` days in the
// viewer's zone) are read by the page's reader, readLeadListParams, with the same viewer.

type Paging = "limit" | "cursor" | "sort";
/** What a leads export reads from the list's URL: which leads, and in what order. */
export interface LeadExportQuery {
  filters: LeadWebFilters;
  sort: ListSort;
}
export type PropertyExportFilters = Omit<PropertyListQuery, Paging>;

const PAGING = new Set<string>(["limit", "cursor", "sort"]);

function lenient<T>(shape: Record<string, z.ZodType>, params: URLSearchParams): T {
  const filters: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(shape)) {
    if (PAGING.has(key)) continue;
    const raw = params.get(key) ?? undefined;
    const value = key === "q" ? searchText(raw) : raw;
    if (value === undefined || value === "") continue;
    const parsed = schema.safeParse(value);
    if (parsed.success && parsed.data !== undefined) filters[key] = parsed.data;
  }
  const { cf } = customFieldListFilter(Object.fromEntries(params));
  if (cf) filters.cf = cf;
  return filters as T;
}

export function leadExportQuery(params: URLSearchParams, viewer: LeadListViewer): LeadExportQuery {
  // The API's filters the page has no field for (a hand-made link) are read leniently; the
  // page's own, and its sort, as the page reads them (its `assignedTo` may be "me" or "none").
  const { externalId, createdAfter, updatedAfter } = lenient<LeadWebFilters>(leadListQuery.shape, params);
  const list = readLeadListParams(Object.fromEntries(params), viewer);
  const filters = { externalId, createdAfter, updatedAfter, ...list.filters };
  return {
    filters: Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined)) as LeadWebFilters,
    sort: list.sort,
  };
}

export const propertyExportFilters = (params: URLSearchParams) =>
  lenient<PropertyExportFilters>(propertyListQuery.shape, params);
