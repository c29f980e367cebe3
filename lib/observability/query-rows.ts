import { getDbHandle } from "@/db/client";

// The few catalogue reads of health and metrics (pg_stat_activity, drizzle's migrations table),
// sent straight to the driver of either engine: they belong to no table of the schema.

/** Which engine this process uses, without opening it: the rule of db/client.ts. */
export const databaseEngine = (): "postgres" | "pglite" => (process.env.DATABASE_URL ? "postgres" : "pglite");

export async function queryRows<T>(text: string, params: unknown[] = []): Promise<T[]> {
  const handle = await getDbHandle();
  if (handle.engine === "postgres") return (await handle.client.unsafe(text, params as never[])) as unknown as T[];
  return (await handle.client.query<T>(text, params)).rows;
}
