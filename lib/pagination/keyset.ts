import { asc, desc, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { decodeCursor, encodeCursor, filterFingerprint, type CursorPosition } from "./cursor";
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
export function keyset(page: PageRequest, columns: SortColumns, filters: Record<string, unknown>) {
  const descending = page.sort.startsWith("-");
  const field = page.sort.replace("-", "") as "createdAt" | "updatedAt";
  const column = (field === "updatedAt" ? columns.updatedAt : columns.createdAt) ?? columns.createdAt;
  const fingerprint = filterFingerprint(filters);
  let where: SQL | undefined;
  if (page.cursor) {
    const { at, id } = decodeCursor(page.cursor, page.sort, fingerprint);
    const atParam = sql`${at.toISOString()}::timestamptz`;
    where = descending ? sql`(${column}, ${columns.id}) < (${atParam}, ${id})` : sql`(${column}, ${columns.id}) > (${atParam}, ${id})`;
  }
  const meta = (last: CursorPosition | undefined, hasMore: boolean): Page<never>["meta"] => ({
    cursor: last ? encodeCursor(page.sort, fingerprint, last) : null,
    hasMore,
    limit: page.limit,
  });
  const orderBy = descending ? [desc(column), desc(columns.id)] : [asc(column), asc(columns.id)];
  return {
    where,
    orderBy,
    /** The sort column, for a selection that carries only what the cursor needs. */
    column,
    /** Fetch one more than the page to know whether more follow. */
    fetch: page.limit + 1,
    toPage<Row extends { id: string; createdAt: Date; updatedAt?: Date }, T>(rows: Row[], toPublic: (row: Row) => T): Page<T> {
      const hasMore = rows.length > page.limit;
      const items = hasMore ? rows.slice(0, page.limit) : rows;
      const last = items.at(-1);
      const lastAt = last ? (field === "updatedAt" && last.updatedAt ? last.updatedAt : last.createdAt) : undefined;
      return { data: items.map(toPublic), meta: meta(last && lastAt ? { at: lastAt, id: last.id } : undefined, hasMore) };
    },
    /** The same page as JSON text, from rows the database serialized itself (`json`), with the
     * sort value (`at`) and id the cursor needs: byte for byte what JSON.stringify(toPage(…)) makes. */
    toJsonPage(rows: Array<{ json: string; id: string; at: Date }>): string {
      const hasMore = rows.length > page.limit;
      const items = hasMore ? rows.slice(0, page.limit) : rows;
      const last = items.at(-1);
      const data = items.map((row) => row.json).join(",");
      return `{"data":[${data}],"meta":${JSON.stringify(meta(last && { at: last.at, id: last.id }, hasMore))}}`;
    },
  };
}
