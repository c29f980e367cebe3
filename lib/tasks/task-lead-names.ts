import { and, eq, inArray } from "drizzle-orm";
import { getDb } from "@/db/client";
import { leads } from "@/db/schema";

/** The names of the leads a page of tasks is about (one query for the page), by lead id. A
 * deleted lead keeps its name here: its tasks still say whom they were about. */
export async function taskLeadNames(
  accountId: string,
  tasks: ReadonlyArray<{ leadId: string | null }>,
): Promise<Map<string, string>> {
  const ids = [...new Set(tasks.map((task) => task.leadId).filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map();
  const db = await getDb();
  const rows = await db
    .select({ id: leads.id, name: leads.name })
    .from(leads)
    .where(and(eq(leads.accountId, accountId), inArray(leads.id, ids)));
  return new Map(rows.map((row) => [row.id, row.name]));
}
