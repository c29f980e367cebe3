import type { SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";

/** The rows of a raw SQL statement, on either engine: Drizzle's execute() answers postgres-js's
 * row list as is, and PGlite's result with its rows inside. */
export async function executeRows<Row>(db: DbOrTx, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[];
}
