import { asc, desc, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { decodeCursor, decodeTextCursor, encodeCursor, type CursorPosition, type TextCursorPosition } from "./cursor";
import { JsonText } from "@/lib/query/json-text";
import type { ListSort } from "@/lib/schemas/common";

/** The tasks list also sorts by due time (lib/schemas/tasks.ts). */
type KeysetSort = ListSort | "dueAt" | "-dueAt";
type TimeField = "createdAt" | "updatedAt" | "dueAt";

export interface PageRequest {
  limit: number;
  cursor?: string;
  sort: KeysetSort;
}

export interface Page<T> {
  data: T[];
  meta: { cursor: string | null; hasMore: boolean; limit: number };
}

interface SortColumns {
  createdAt: PgColumn;
  updatedAt?: PgColumn;
  /** Only lists that offer the name sort (the leads list). */
  name?: PgColumn;
  /** Only lists that offer the due sort (the tasks list). */
  dueAt?: PgColumn;
  id: PgColumn;
}

/** The name sort's key: case-insensitive, and only the name's first NAME_KEY_CHARS characters,
 * so the cursor that carries it stays within 512 characters whatever the name (200 characters
 * of 4-byte script would not). Names alike that far are ordered by id, as exact ties are. The
 * index leads_account_name_idx is on this very expression, with the literal length, so the
 * planner matches it. */
const NAME_KEY_CHARS = 64;
const nameKey = (value: PgColumn | SQL) => sql`left(lower(${value}), ${sql.raw(String(NAME_KEY_CHARS))})`;
/** The part of a name the key reads (in code points, as PostgreSQL counts characters). */
const namePrefix = (name: string) => [...name].slice(0, NAME_KEY_CHARS).join("");

/** What a row carries of the sort keys, as a Date or as the ISO text a page's JSON holds. */
interface SortedRow<Time> {
  id: string;
  createdAt: Time;
  updatedAt?: Time;
  dueAt?: Time;
  name?: string;
}

/** The sort's key in SQL: a time column, or the name key. */
function sortKey(field: TimeField | "name", columns: SortColumns): PgColumn | SQL {
  if (field === "dueAt") {
    if (!columns.dueAt) throw new Error("keyset: this list has no due time to sort by");
    return columns.dueAt;
  }
  if (field !== "name") return (field === "updatedAt" ? columns.updatedAt : columns.createdAt) ?? columns.createdAt;
  if (!columns.name) throw new Error("keyset: this list has no name to sort by");
  return nameKey(columns.name);
}

/** The cursor's position as SQL values to compare (sort key, id) with. */
function cursorBound(page: PageRequest & { cursor: string }, byName: boolean, scope: string) {
  if (byName) {
    const { text, id } = decodeTextCursor(page.cursor, page.sort, scope);
    return { value: nameKey(sql`${text}::text`), id };
  }
  const { at, id } = decodeCursor(page.cursor, page.sort, scope);
  return { value: sql`${at.toISOString()}::timestamptz`, id };
}

/**
 * Keyset pagination on (sort key, id): no OFFSET, so a page deep in a million rows costs
 * what the first page costs, and rows inserted meanwhile neither repeat nor vanish.
 */
/** `scope` (cursorScope: the list, the account, the filters) is what its cursors are bound to. */
export function keyset(page: PageRequest, columns: SortColumns, scope: string) {
  const descending = page.sort.startsWith("-");
  const field = page.sort.replace("-", "") as TimeField | "name";
  const byName = field === "name";
  const column = sortKey(field, columns);
  let where: SQL | undefined;
  if (page.cursor) {
    const bound = cursorBound({ ...page, cursor: page.cursor }, byName, scope);
    where = descending
      ? sql`(${column}, ${columns.id}) < (${bound.value}, ${bound.id})`
      : sql`(${column}, ${columns.id}) > (${bound.value}, ${bound.id})`;
  }
  // Where a row stands in the order, for the cursor after it: its time, or its name's key part.
  const positionOf = (row: SortedRow<Date | string>) =>
    byName
      ? { text: namePrefix(row.name ?? ""), id: row.id }
      : { at: new Date(row[field] || row.createdAt), id: row.id };
  // The page's rows (one more was fetched to tell whether more follow) and its meta, the cursor
  // pointing after the last row kept.
  const cut = <R>(rows: R[], positionOf: (row: R) => CursorPosition | TextCursorPosition) => {
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
    toPage<Row extends SortedRow<Date>, T>(rows: Row[], toPublic: (row: Row) => T): Page<T> {
      const { items, meta } = cut(rows, positionOf);
      return { data: items.map(toPublic), meta };
    },
    /** The same page as JSON text, from rows the database serialized in their public shape: byte
     * for byte what JSON.stringify(toPage(…)) makes. The cursor's sort value and id are read back
     * from the last row kept, the only one that needs parsing. */
    toJsonPage<T>(rows: JsonText<T>[]): JsonText<Page<T>> {
      const { items, meta } = cut(rows, ({ text }) => positionOf(JSON.parse(text) as SortedRow<string>));
      return new JsonText(`{"data":[${items.map((item) => item.text).join(",")}],"meta":${JSON.stringify(meta)}}`);
    },
  };
}
