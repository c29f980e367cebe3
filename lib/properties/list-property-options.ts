import { and, asc, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { properties } from "@/db/schema";

const MAX_OPTIONS = 200;

// The lead form's property picker: titles and cities, alphabetical. The lead's current
// property is always included, also when the account has more than fit in the list.
export async function listPropertyOptions(
  accountId: string,
  includeId?: string | null,
): Promise<Array<{ id: string; label: string }>> {
  const db = await getDb();
  const columns = { id: properties.id, title: properties.title, city: properties.city };
  const rows = await db
    .select(columns)
    .from(properties)
    .where(eq(properties.accountId, accountId))
    .orderBy(asc(properties.title), asc(properties.id))
    .limit(MAX_OPTIONS);
  if (includeId && !rows.some((r) => r.id === includeId)) {
    rows.push(
      ...(await db
        .select(columns)
        .from(properties)
        .where(and(eq(properties.accountId, accountId), eq(properties.id, includeId)))
        .limit(1)),
    );
  }
  return rows.map((r) => ({ id: r.id, label: r.city ? `${r.title} · ${r.city}` : r.title }));
}
