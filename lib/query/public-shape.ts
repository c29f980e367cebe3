import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { PgDialect, type PgColumn, type PgTable } from "drizzle-orm/pg-core";
import { DRIZZLE_CONFIG } from "@/db/client";
import type { z } from "zod";
import { isoTimeSql } from "./iso-time-sql";

// A resource's public shape is its zod output schema (lib/schemas/<resource>.ts) and nothing
// else. From it and the resource's table come the two ways a row leaves the service layer:
// - `fromRow(row)`, the object (the web UI, PATCH, every JS-serialized answer);
// - `jsonOf(columns)`, the same object serialized by PostgreSQL (the list pages, POST /leads and
//   GET /leads/:id, where mapping rows through Drizzle and Date and stringifying them again was
//   most of a request's CPU: bench/README.md).
// Both walk the schema's keys in order, so their keys, order and values agree by construction
// (tests/integration/api/public-*-json.db.test.ts hold them to the byte on awkward values).
//
// A field is the table's column of the same name unless `sources` names other columns: a column
// key, or an object of column keys for a nested object (a property's address, an activity's
// actor). Date columns become ISO 8601 text as Date#toISOString writes it. A schema field with no
// column, or a column whose type does not fit the field, is a type error at the definition.

type ColumnKey<Row> = keyof Row & string;
type Source<Row> = ColumnKey<Row> | { readonly [field: string]: ColumnKey<Row> };

/** The JSON value of a column: a Date is written as ISO text. */
type JsonOf<V> = V extends Date ? string : V;
type Produced<Row, S> = S extends keyof Row
  ? JsonOf<Row[S]>
  : { -readonly [K in keyof S]: S[K] extends keyof Row ? JsonOf<Row[S[K]]> : never };
/** What the derivation makes of each field of the schema; a field with no column is flagged. */
type Derived<Row, Out, Sources> = {
  [K in keyof Out]-?: K extends keyof Sources
    ? Produced<Row, Sources[K]>
    : K extends keyof Row
      ? JsonOf<Row[K]>
      : { error: "no column for this public field"; field: K };
};
/** The fields the derivation cannot produce as the schema says: none when the shape is sound. */
type Mismatched<Row, Out, Sources> = {
  [K in keyof Out as Derived<Row, Out, Sources>[K] extends Out[K] ? never : K]: Derived<Row, Out, Sources>[K];
};
/** The shape, or, when a field has no column or a column of the wrong type, an error naming it. */
type Checked<T extends PgTable, Out, Sources> =
  Derived<T["$inferSelect"], Out, Sources> extends Out
    ? PublicShape<T, Out>
    : { error: "public fields without a column of their type"; fields: Mismatched<T["$inferSelect"], Out, Sources> };

type ColumnsOf<T extends PgTable> = { [K in keyof T["$inferSelect"]]: SQLWrapper };

interface PublicShape<T extends PgTable, Out> {
  /** The public object of a row. */
  fromRow(row: T["$inferSelect"]): Out;
  /** The public object's JSON text, written by PostgreSQL, for the row whose columns are given:
   * the table itself or a CTE of its rows (POST /leads serializes the row its INSERT returns). */
  jsonOf(columns: ColumnsOf<T>): SQL<string>;
}

// The projection holds only column names, aliases and constants: rendered to text here, once, it
// costs a page's query nothing to build (Drizzle walks every chunk of an SQL object on every
// build; the composed projection is some 70 chunks, GET /leads is built per request).
const dialect = new PgDialect({ casing: DRIZZLE_CONFIG.casing });
function renderedOnce(projection: SQL<string>): SQL<string> {
  const { sql: text, params } = dialect.sqlToQuery(projection);
  return params.length ? projection : sql<string>`${sql.raw(text)}`;
}

export function definePublicShape<
  S extends z.ZodObject,
  T extends PgTable,
  const Sources extends { readonly [K in keyof z.output<S>]?: Source<T["$inferSelect"]> } = object,
>(schema: S, table: T, sources?: Sources): Checked<T, z.output<S>, Sources> {
  const fields = Object.keys(schema.shape).map((name) => {
    const source = (sources as Record<string, Source<unknown> | undefined> | undefined)?.[name] ?? name;
    return { name, source };
  });
  const columns = table as unknown as Record<string, PgColumn>;
  const isTime = (key: string) => columns[key]?.dataType === "date";
  const valueOf = (row: Record<string, unknown>, key: string) => {
    const value = row[key];
    return value instanceof Date ? value.toISOString() : value;
  };
  const sqlOf = (t: Record<string, SQLWrapper>, key: string) => (isTime(key) ? isoTimeSql(t[key]) : t[key]);
  // `"name"` aliases: the names are the schema's own keys, never user input.
  const alias = (name: string) => sql.raw(`"${name}"`);

  const shape: PublicShape<T, z.output<S>> = {
    fromRow(row) {
      const out: Record<string, unknown> = {};
      for (const { name, source } of fields) {
        if (typeof source === "string") out[name] = valueOf(row, source);
        else {
          const nested: Record<string, unknown> = {};
          for (const [inner, key] of Object.entries(source)) nested[inner] = valueOf(row, key);
          out[name] = nested;
        }
      }
      // The derivation is checked against the schema at the definition (Checked).
      return out as z.output<S>;
    },
    jsonOf(t) {
      const cols = t as Record<string, SQLWrapper>;
      // row_to_json of one-row subselects: compact output, keys named and ordered by the aliases
      // (json_build_object would write " : " between them).
      const selectList = (entries: [string, SQL | SQLWrapper][]) =>
        sql.join(
          entries.map(([name, value]) => sql`${value} as ${alias(name)}`),
          sql`, `,
        );
      const entries = fields.map(({ name, source }): [string, SQL | SQLWrapper] => {
        if (typeof source === "string") return [name, sqlOf(cols, source)];
        const inner = Object.entries(source).map(([k, key]): [string, SQL | SQLWrapper] => [k, sqlOf(cols, key)]);
        return [name, sql`(select row_to_json(n) from (select ${selectList(inner)}) n)`];
      });
      return renderedOnce(sql<string>`(select row_to_json(p)::text from (select ${selectList(entries)}) p)`);
    },
  };
  // Checked<…> is the shape itself whenever the definition compiles to something usable.
  return shape as Checked<T, z.output<S>, Sources>;
}
