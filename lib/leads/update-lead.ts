import { eq } from "drizzle-orm";
import { getDb, type Db, type Tx } from "@/db/client";
import { inTransaction } from "@/lib/query/after-commit";
import { retryOnDeadlock } from "@/lib/query/retry-on-deadlock";
import { leads, type Lead } from "@/db/schema";
import type { Actor } from "@/lib/activities/record-activity";
import { previousAttributes, recordEvent } from "@/lib/events/record-event";
import { withExternalIdConflict } from "@/lib/external-ids/external-id-conflict";
import type { LeadUpdateInput } from "@/lib/schemas/leads";
import { assertNumberOptOutClearable, assertOptOutClearable } from "@/lib/sms/assert-opt-out-clearable";
import { definitionsForWrite } from "@/lib/custom-fields/definitions-for-write";
import { validateCustomFields } from "@/lib/custom-fields/validate-custom-fields";
import { consentRecordOf } from "./consent-record";
import { assertVersionMatches } from "@/lib/errors/assert-version-matches";
import { getLeadOrThrow } from "./get-lead-or-throw";
import { prepareLeadFields, type LeadAccountContext } from "./prepare-lead-fields";
import { toPublicLead, type PublicLead } from "./public-lead";
import { recordLeadChangeActivities, type LeadFieldChanges } from "./record-lead-change-activities";

function diff(before: Lead, after: Record<string, unknown>): LeadFieldChanges {
  const changes: LeadFieldChanges = {};
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
  /** If-Match (lib/api/if-match.ts): the versions the lead may be at; any when undefined. */
  ifMatch?: readonly number[],
): Promise<PublicLead> {
  const db = await getDb();
  const conflict = { resource: "lead" as const, accountId: account.accountId, externalId: () => input.externalId };
  // The row is locked before the definitions (below); a definition's delete takes them in the
  // other order, so the two can deadlock when both touch this lead: the loser runs again.
  return withExternalIdConflict(db, conflict, () =>
    retryOnDeadlock(() => updateLeadIn(db, account, leadId, input, actor, ifMatch)),
  );
}

// Apart from the 409 mapping around it, which must run on the pool once the transaction failed.
function updateLeadIn(
  db: Db,
  account: LeadAccountContext,
  leadId: string,
  input: LeadUpdateInput,
  actor: Actor,
  ifMatch: readonly number[] | undefined,
): Promise<PublicLead> {
  return inTransaction(db, async (tx) => {
    // The lead's row first, before anything else this transaction locks or writes: its id (the
    // events' txid, the feed's order) is then taken only once the row is ours, so two updates of
    // one lead get versions, commit and appear in the feed in the same order. A definition's
    // delete takes them in the other order (the definition, then the records it strips), hence
    // retryOnDeadlock above.
    const before = await getLeadOrThrow(tx, account.accountId, leadId, { forUpdate: true });
    assertVersionMatches("lead", before.version, ifMatch);
    return (await changeLockedLead(tx, account, before, input, actor)).lead;
  });
}

/** The change itself, to a lead whose row `tx` has locked (`before`): what updateLead does after
 * the lock, and what a bulk action does to each lead of its batch (lib/bulk-actions), so both
 * write the same activity, event and version. `changed`: false when nothing was written. */
export async function changeLockedLead(
  tx: Tx,
  account: LeadAccountContext,
  before: Lead,
  input: LeadUpdateInput,
  actor: Actor,
): Promise<{ lead: PublicLead; changed: boolean }> {
  const leadId = before.id;
  const rules =
    input.customFields === undefined ? [] : await definitionsForWrite(tx, account.accountId, "lead", { lock: true });
  assertOptOutClearable(before, input);
  // The consent record is not a field like the others: it has its own activity, and resending
  // the same record changes nothing (consent-record.ts).
  const {
    consent: sentConsent,
    customFields: sentCustom,
    ...prepared
  } = await prepareLeadFields(tx, account, input, before);
  const consent = consentRecordOf(sentConsent, before.consent);
  // A STOP the number sent (on this lead or another with that phone) is cleared only by START.
  const phone = "phone" in prepared ? prepared.phone : before.phone;
  const clearsOptOut = input.smsOptOut === false && before.smsOptOut;
  if (phone && (consent?.sms.status === "granted" || clearsOptOut))
    await assertNumberOptOutClearable(tx, account.accountId, phone);
  // Custom fields merge into the stored ones (null clears a key); a change shows in `changes`.
  const fields = {
    ...prepared,
    ...(sentCustom !== undefined && {
      customFields: validateCustomFields(rules, sentCustom, before.customFields, "update"),
    }),
  };
  const changes = diff(before, fields);
  if (Object.keys(changes).length === 0 && !consent) return { lead: toPublicLead(before), changed: false };
  const [lead] = await tx
    .update(leads)
    .set({ ...fields, ...(consent && { consent }) })
    .where(eq(leads.id, leadId))
    .returning();
  const target = { accountId: account.accountId, leadId, actor };
  await recordLeadChangeActivities(tx, target, changes, consent && { from: before.consent, to: consent });
  const object = toPublicLead(lead);
  await recordEvent(tx, account.accountId, actor, {
    type: changes.status ? "lead.status_changed" : "lead.updated",
    object,
    previousAttributes: previousAttributes(toPublicLead(before), object),
  });
  return { lead: object, changed: true };
}
