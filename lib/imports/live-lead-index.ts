import { and, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { leads } from "@/db/schema";
import type { IntakeMatch } from "@/lib/activities/record-activity";
import type { ImportedLead } from "./lead-of-row";

// Which live lead a row matches, as intake matches (lib/leads/intake-lead.ts): the job's chunks
// (process-import-chunk.ts) and the wizard's preview.

/** Where a row's lead is: a live lead's id, or the index of a lead the chunk creates. */
export type Target = { id: string } | { pending: number };

/** A text[] literal, every element quoted: sent as one parameter (Drizzle spreads a JS array). */
const textArrayLiteral = (values: string[]) =>
  `{${values.map((v) => `"${v.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`).join(",")}}`;

/** The account's live leads matching the chunk's external ids, emails and phones (oldest first,
 * as intake picks), kept as the chunk's creates are added: a later row in the same file matches
 * a lead an earlier row created. */
export async function liveLeadIndex(db: DbOrTx, accountId: string, rows: ImportedLead[]) {
  const values = (key: "externalId" | "email" | "phone") => [
    ...new Set(rows.map((r) => r[key]).filter((v): v is string => !!v)),
  ];
  // One query per key, each on its partial index (an OR of the three made the planner scan the
  // account's leads), sent together: pipelined on the transaction's connection.
  const lookup = (column: typeof leads.externalId | typeof leads.email | typeof leads.phone, list: string[]) =>
    list.length
      ? db
          .select({
            id: leads.id,
            createdAt: leads.createdAt,
            externalId: leads.externalId,
            email: leads.email,
            phone: leads.phone,
          })
          .from(leads)
          // One array parameter, not an IN list of 250: one statement text, planned once per connection.
          .where(
            and(
              eq(leads.accountId, accountId),
              isNull(leads.deletedAt),
              sql`${column} = any(${textArrayLiteral(list)}::text[])`,
            ),
          )
      : Promise.resolve([]);
  const found = (
    await Promise.all([
      lookup(leads.externalId, values("externalId")),
      lookup(leads.email, values("email")),
      lookup(leads.phone, values("phone")),
    ])
  )
    .flat()
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const byExternalId = new Map<string, Target>();
  const byEmail = new Map<string, Target>();
  const byPhone = new Map<string, Target>();
  const add = (lead: { externalId?: string | null; email?: string | null; phone?: string | null }, target: Target) => {
    // The first (oldest) lead holding a value keeps it.
    if (lead.externalId && !byExternalId.has(lead.externalId)) byExternalId.set(lead.externalId, target);
    if (lead.email && !byEmail.has(lead.email)) byEmail.set(lead.email, target);
    if (lead.phone && !byPhone.has(lead.phone)) byPhone.set(lead.phone, target);
  };
  for (const lead of found) add(lead, { id: lead.id });
  return {
    byExternalId,
    add,
    /** As intake matches: by external id, then email, then phone; and by which. */
    find: (lead: ImportedLead): { target: Target; by: IntakeMatch } | undefined => {
      const keys = [
        ["externalId", byExternalId, lead.externalId],
        ["email", byEmail, lead.email],
        ["phone", byPhone, lead.phone],
      ] as const;
      for (const [by, map, value] of keys) {
        const target = value ? map.get(value) : undefined;
        if (target) return { target, by };
      }
      return undefined;
    },
  };
}
