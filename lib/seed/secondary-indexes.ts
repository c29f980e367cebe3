import { sql } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { executeRows } from "@/lib/query/execute-rows";

// Building an index once over a loaded table is several times faster than updating it row by
// row (the leads' trigram GIN indexes most of all: about 8 s of every 50,000 rows on a 2-core
// machine, against 50 s to build all three over a million rows). A bulk load into a nearly
// empty table drops the secondary indexes inside its transaction and recreates them from their
// own definitions before committing: if anything fails, the rollback restores them untouched.

export interface DroppedIndex {
  name: string;
  definition: string;
}

type IndexRow = DroppedIndex;

/** Drops every index of `tables` that backs no constraint (primary keys and uniques stay). */
export async function dropSecondaryIndexes(tx: Tx, tables: string[]): Promise<DroppedIndex[]> {
  const rows = await executeRows<IndexRow>(
    tx,
    sql`
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
    order by c.relname`,
  );
  for (const row of rows) await tx.execute(sql`drop index ${sql.identifier(row.name)}`);
  return rows.map(({ name, definition }) => ({ name, definition }));
}

export async function recreateIndex(tx: Tx, index: DroppedIndex): Promise<void> {
  // The definition comes from pg_get_indexdef, not from user input.
  await tx.execute(sql.raw(index.definition));
}
