import { sql } from "drizzle-orm";
import type { Tx } from "@/db/client";

// Building an index once over a loaded table is several times faster than updating it row by
// row (the leads' trigram GIN indexes most of all: about 8 s of every 50,000 rows on a 2-core
// machine, against 50 s to build all three over a million rows). A bulk load into a nearly
// empty table drops the secondary indexes inside its transaction and recreates them from their
// own definitions before committing: if anything fails, the rollback restores them untouched.

export interface DroppedIndex {
  name: string;
  definition: string;
}

interface IndexRow extends Record<string, unknown> {
  name: string;
  definition: string;
}

/** Drops every index of `tables` that backs no constraint (primary keys and uniques stay). */
export async function dropSecondaryIndexes(tx: Tx, tables: string[]): Promise<DroppedIndex[]> {
  const result = await tx.execute<IndexRow>(sql`
    select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
    from pg_index i
    join pg_class c on c.oid = i.indexrelid
    join pg_class t on t.oid = i.indrelid
    join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = current_schema()
      and t.relname in (${sql.join(
        tables.map((table) => sql`${table}`),
        sql`, `,
      )})
      and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
    order by c.relname`);
  // postgres-js answers an array of rows, PGlite an object holding them.
  const rows = (Array.isArray(result) ? result : (result as unknown as { rows: IndexRow[] }).rows) as IndexRow[];
  for (const row of rows) await tx.execute(sql`drop index ${sql.identifier(row.name)}`);
  return rows.map(({ name, definition }) => ({ name, definition }));
}

export async function recreateIndex(tx: Tx, index: DroppedIndex): Promise<void> {
  // The definition comes from pg_get_indexdef, not from user input.
  await tx.execute(sql.raw(index.definition));
}
