import { customFieldListFilter } from "@/lib/custom-fields/custom-field-list-filter";
import type { LeadWebFilters } from "@/lib/leads/list-leads";
import { leadListQuery } from "@/lib/schemas/leads";
import { listSortSchema, type ListSort } from "@/lib/schemas/common";
import { dayStart, endOfDay } from "@/lib/query/date-filter";
import { searchText } from "@/lib/query/search-text";

// The leads list's filters as the page's URL holds them, read the same way by the page and by
// its "Export CSV" link (lib/exports/list-export-filters.ts), so the export selects what the
// list shows. A malformed value is ignored, not an error: the list shows everything it would
// without it. `assignedTo=me` is the signed-in member ("My leads": one link that means the
// same for everyone who opens it), `assignedTo=none` the leads nobody has; `from` and `to` are days (YYYY-MM-DD) in the viewer's zone,
// both included.

export interface LeadListViewer {
  userId: string;
  timeZone: string;
}

/** The URL's own keys and values, for the form's fields and the page's links. */
export interface LeadListUrlParams {
  q?: string;
  status?: string;
  source?: string;
  assignedTo?: string;
  tag?: string;
  from?: string;
  to?: string;
  sort?: string;
  cfKey?: string;
  cfValue?: string;
}

export interface LeadListParams {
  /** For the list service (and countLeads, and the export). */
  filters: LeadWebFilters;
  sort: ListSort;
  /** What the URL carries, each valid value kept: pager, sort and export links keep them all. */
  url: LeadListUrlParams;
  /** Any filter (not the sort) narrows the list. */
  filtered: boolean;
}

const shape = leadListQuery.shape;
/** `assignedTo=none`: user ids are `user_…`, so no member is called that. */
export const UNASSIGNED = "none";
const parsed = <T>(schema: { safeParse: (v: unknown) => { data?: T } }, value: string | undefined) =>
  value === undefined || value === "" ? undefined : schema.safeParse(value).data;

export function readLeadListParams(params: Record<string, string | undefined>, viewer: LeadListViewer): LeadListParams {
  const q = searchText(params.q);
  const status = parsed(shape.status, params.status);
  const source = parsed(shape.source, params.source?.trim());
  const tag = parsed(shape.tag, params.tag?.trim());
  const assignee = parsed(shape.assignedTo, params.assignedTo?.trim());
  const from = dayStart(params.from, viewer.timeZone);
  const to = dayStart(params.to, viewer.timeZone);
  const sortParam = parsed(listSortSchema, params.sort);
  const sort = sortParam ?? "-createdAt";
  const custom = customFieldListFilter(params);
  const filters: LeadWebFilters = {
    q,
    status,
    source,
    tag,
    assignedTo: assignee === "me" ? viewer.userId : assignee === UNASSIGNED ? undefined : assignee,
    unassigned: assignee === UNASSIGNED ? true : undefined,
    createdFrom: from?.toJSDate(),
    createdBefore: to && endOfDay(to),
    cf: custom.cf,
  };
  for (const key of Object.keys(filters) as (keyof LeadWebFilters)[])
    if (filters[key] === undefined) delete filters[key];
  const url: LeadListUrlParams = {
    q,
    status,
    source,
    // The viewer's own id reads as "me", as the assignee field offers it.
    assignedTo: assignee === viewer.userId ? "me" : assignee,
    tag,
    from: from ? params.from : undefined,
    to: to ? params.to : undefined,
    sort: sortParam && sortParam !== "-createdAt" ? sortParam : undefined,
    ...custom.params,
  };
  const filtered = Boolean(q || status || source || tag || assignee || from || to || custom.cf);
  return { filters, sort, url, filtered };
}
