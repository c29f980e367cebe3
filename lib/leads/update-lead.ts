import { eq } from "drizzle-orm";
import { getDb, type Db } from "@/db/client";
import { inTransaction } from "@/lib/query/after-commit";
import { leads, type Lead } from "@/db/schema";
import { recordActivity, type Actor } from "@/lib/activities/record-activity";
import { previousAttributes, recordEvent } from "@/lib/events/record-event";
import { withExternalIdConflict } from "@/lib/external-ids/external-id-conflict";
import type { LeadUpdateInput } from "@/lib/schemas/leads";
import { assertOptOutClearable } from "@/lib/sms/assert-opt-out-clearable";
import { getLeadOrThrow } from "./get-lead-or-throw";
import { prepareLeadFields, type LeadAccountContext } from "./prepare-lead-fields";
import { toPublicLead, type PublicLead } from "./public-lead";

type Changes = Record<string, [unknown, unknown]>;

function diff(before: Lead, after: Record<string, unknown>): Changes {
  const changes: Changes = {};
  for (const [field, value] of Object.entries(after)) {
    const old = before[field as keyof Lead];
    if (JSON.stringify(old) !== JSON.stringify(value)) changes[field] = [old, value];
  }
  return changes;
}

// One activity and one event per request: lead_status_changed / lead.status_changed when the
// status changed, else lead_updated / lead.updated, carrying the old values. A PATCH that changes
// nothing writes nothing.
export async function updateLead(
  account: LeadAccountContext,
  leadId: string,
  input: LeadUpdateInput,
  actor: Actor,
): Promise<PublicLead> {
  const db = await getDb();
  const conflict = { resource: "lead" as const, accountId: account.accountId, externalId: () => input.externalId };
  return withExternalIdConflict(db, conflict, () => updateLeadIn(db, account, leadId, input, actor));
}

// Apart from the 409 mapping around it, which must run on the pool once the transaction failed.
function updateLeadIn(
  db: Db,
  account: LeadAccountContext,
  leadId: string,
  input: LeadUpdateInput,
  actor: Actor,
): Promise<PublicLead> {
  return inTransaction(db, async (tx) => {
    const before = await getLeadOrThrow(tx, account.accountId, leadId, { forUpdate: true });
    assertOptOutClearable(before, input);
    const fields = await prepareLeadFields(tx, account, input);
    const changes = diff(before, fields);
    if (Object.keys(changes).length === 0) return toPublicLead(before);
    const [lead] = await tx.update(leads).set(fields).where(eq(leads.id, leadId)).returning();
    await recordActivity(tx, { accountId: account.accountId, leadId, actor }, { kind: "lead_changed", changes });
    const object = toPublicLead(lead);
    await recordEvent(tx, account.accountId, actor, {
      type: changes.status ? "lead.status_changed" : "lead.updated",
      object,
      previousAttributes: previousAttributes(toPublicLead(before), object),
    });
    return object;
  });
}
