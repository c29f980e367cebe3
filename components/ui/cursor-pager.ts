import { CURSOR_SHAPE } from "@/lib/pagination/cursor-shape";

// Cursor paging in the URL. The API's cursors only go forward, so the page keeps the cursors
// of the pages before it in `prev` (comma-separated; cursors have no commas): Previous pops
// one, Next pushes the current one. Filters stay in every link; a cursor made under other
// filters is refused by the service (invalid_cursor), so changing a filter starts at page 1.

export interface PagePosition {
  cursor?: string;
  prev: string[];
}

export interface PagerLinks {
  previous: string | null;
  next: string | null;
  pageNumber: number;
}

// Long enough for any real browsing session, short enough to keep the URL sane (a sealed cursor
// is some 250 characters).
const MAX_STACK = 20;
const CURSOR = CURSOR_SHAPE;

export function readPagePosition(params: { cursor?: string; prev?: string }): PagePosition {
  const cursor = params.cursor && CURSOR.test(params.cursor) ? params.cursor : undefined;
  const prev = cursor
    ? (params.prev ?? "")
        .split(",")
        .filter((c) => CURSOR.test(c))
        .slice(-MAX_STACK)
    : [];
  return { cursor, prev };
}

export function hrefWith(path: string, params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

export function pagerLinks(
  path: string,
  filters: Record<string, string | undefined>,
  position: PagePosition,
  meta: { cursor: string | null; hasMore: boolean },
): PagerLinks {
  const { cursor, prev } = position;
  const next =
    meta.hasMore && meta.cursor
      ? hrefWith(path, {
          ...filters,
          cursor: meta.cursor,
          prev: cursor ? [...prev, cursor].slice(-MAX_STACK).join(",") : undefined,
        })
      : null;
  const previous = cursor
    ? hrefWith(path, { ...filters, cursor: prev.at(-1), prev: prev.slice(0, -1).join(",") || undefined })
    : null;
  return { previous, next, pageNumber: cursor ? prev.length + 2 : 1 };
}
