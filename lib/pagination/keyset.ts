import { asc, desc, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { decodeCursor, encodeCursor, type CursorPosition } from "./cursor";
import { JsonText } from "@/lib/query/json-text";
import type { Sort } from "@/lib/schemas/common";

export interface PageRequest {
  limit: number;
  cursor?: string;
  sort: Sort;
}

export interface Page<T> {
  data: T[];
  meta: { cursor: string | null; hasMore: boolean; limit: number };
}

interface SortColumns {
  createdAt: PgColumn;
  updatedAt?: PgColumn;
  id: PgColumn;
}

/**
 * Keyset pagination on (sortColumn, id): no OFFSET, so a page deep in a million rows costs
 * what the first page costs, and rows inserted meanwhile neither repeat nor vanish.
 */
/** `scope` (cursorScope: the list, the account, the filters) is what its cursors are bound to. */
export function keyset(page: PageRequest, columns: SortColumns, scope: string) {
  const descending = page.sort.startsWith("-");
  const field = page.sort.replace("-", "") as "createdAt" | "updatedAt";
  const column = (field === "updatedAt" ? columns.updatedAt : columns.createdAt) ?? columns.createdAt;
  let where: SQL | undefined;
  if (page.cursor) {
    const { at, id } = decodeCursor(page.cursor, page.sort, scope);
    const atParam = sql`${at.toISOString()}::timestamptz`;
    where = descending
      ? sql`(${column}, ${columns.id}) < (${atParam}, ${id})`
      : sql`(${column}, ${columns.id}) > (${atParam}, ${id})`;
  }
  // The page's rows (one more was fetched to tell whether more follow) and its meta, the cursor
  // pointing after the last row kept.
  const cut = <R>(rows: R[], positionOf: (row: R) => CursorPosition) => {
    const hasMore = rows.length > page.limit;
    const items = hasMore ? rows.slice(0, page.limit) : rows;
    const last = items.at(-1);
    const meta: Page<never>["meta"] = {
      cursor: last === undefined ? null : encodeCursor(page.sort, scope, positionOf(last)),
      hasMore,
      limit: page.limit,
    };
    return { items, meta };
  };
  const orderBy = descending ? [desc(column), desc(columns.id)] : [asc(column), asc(columns.id)];
  return {
    where,
    orderBy,
    /** Fetch one more than the page to know whether more follow. */
    fetch: page.limit + 1,
    toPage<Row extends { id: string; createdAt: Date; updatedAt?: Date }, T>(
      rows: Row[],
      toPublic: (row: Row) => T,
    ): Page<T> {
      const { items, meta } = cut(rows, (row) => ({
        at: (field === "updatedAt" && row.updatedAt) || row.createdAt,
        id: row.id,
      }));
      return { data: items.map(toPublic), meta };
    },
    /** The same page as JSON text, from rows the database serialized in their public shape: byte
     * for byte what JSON.stringify(toPage(…)) makes. The cursor's sort value and id are read back
     * from the last row kept, the only one that needs parsing. */
    toJsonPage<T>(rows: JsonText<T>[]): JsonText<Page<T>> {
      const { items, meta } = cut(rows, ({ text }) => {
        const row = JSON.parse(text) as { id: string; createdAt: string; updatedAt?: string };
        return { at: new Date((field === "updatedAt" && row.updatedAt) || row.createdAt), id: row.id };
      });
      return new JsonText(`{"data":[${items.map((item) => item.text).join(",")}],"meta":${JSON.stringify(meta)}}`);
    },
  };
}
