import { and, eq, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { accounts, customFieldDefinitions, leads, properties } from "@/db/schema";
import type { CustomFieldResource } from "@/lib/schemas/custom-fields";

// The records that hold custom field values, and the questions the definitions service asks of
// them. Every query is scoped by the account.

const TABLES = { lead: leads, property: properties } as const;

/** `custom_fields` read as jsonb: the expression of the GIN indexes (db/schema/leads.ts). */
export const customFieldsJsonb = (resource: CustomFieldResource): SQL => sql`(${TABLES[resource].customFields}::jsonb)`;

/** Records of the account (soft-deleted leads included: a restore brings their values back)
 * whose custom fields satisfy `condition`. */
export async function countRecords(
  db: DbOrTx,
  accountId: string,
  resource: CustomFieldResource,
  condition: SQL,
): Promise<number> {
  const table = TABLES[resource];
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .where(and(eq(table.accountId, accountId), condition));
  return Number(row.n);
}

/** Records holding a value for `key`. */
export const holdsKey = (resource: CustomFieldResource, key: string): SQL =>
  sql`${customFieldsJsonb(resource)} ? ${key}`;

/** Records whose `key` is (single select) or includes (multi select) `option`: the GIN index. */
export const holdsOption = (resource: CustomFieldResource, key: string, option: string, multi: boolean): SQL =>
  sql`${customFieldsJsonb(resource)} @> ${JSON.stringify({ [key]: multi ? [option] : option })}::jsonb`;

/**
 * Removes `key` from every record of the account holding it. The rest of each value is rebuilt
 * from its own stored text, in order and compact (json_each gives each member's text as
 * stored; keys are definition keys, [a-z0-9_]), so it stays what JavaScript would write and the
 * public JSON of PostgreSQL and JavaScript still agree. updatedAt is left alone: the record did
 * not change, its field's definition went away. Its version does rise (the UPDATE sets it, see
 * db/schema/columns.ts): its public shape lost the value, and an If-Match of the old shape is stale.
 */
export async function stripKey(db: DbOrTx, accountId: string, resource: CustomFieldResource, key: string) {
  const table = TABLES[resource];
  const rebuilt = sql`(select ('{' || coalesce(string_agg(to_json(e.key)::text || ':' || e.value::text, ',' order by e.n), '') || '}')::json
    from json_each(${table.customFields}) with ordinality as e(key, value, n) where e.key <> ${key})`;
  await db
    .update(table)
    .set({ customFields: rebuilt, updatedAt: sql`${table.updatedAt}` })
    .where(and(eq(table.accountId, accountId), holdsKey(resource, key)));
}

/** accounts.has_required_lead_custom_fields, in the transaction that changed the definitions
 * (the API key's lookup reads it: lib/leads/create-lead.ts). */
export async function refreshRequiredFlag(db: DbOrTx, accountId: string): Promise<void> {
  const required = db
    .select({ one: sql`1` })
    .from(customFieldDefinitions)
    .where(
      and(
        eq(customFieldDefinitions.accountId, accountId),
        eq(customFieldDefinitions.resource, "lead"),
        eq(customFieldDefinitions.required, true),
      ),
    );
  await db
    .update(accounts)
    .set({ hasRequiredLeadCustomFields: sql`exists (${required})` })
    .where(eq(accounts.id, accountId));
}
