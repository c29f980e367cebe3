import { and, asc, eq, isNull } from "drizzle-orm";
import { getDb, type Tx } from "@/db/client";
import { leads, type Lead } from "@/db/schema";
import { recordActivity, type Actor, type IntakeMatch } from "@/lib/activities/record-activity";
import type { LeadConsent } from "@/lib/domain/enums";
import { previousAttributes, recordEvent } from "@/lib/events/record-event";
import { withExternalIdConflict } from "@/lib/external-ids/external-id-conflict";
import { inTransaction } from "@/lib/query/after-commit";
import type { LeadIntakeInput } from "@/lib/schemas/lead-intake";
import type { LeadCreateInput } from "@/lib/schemas/leads";
import { customFieldsForWrite, sendsCustomFields } from "@/lib/custom-fields/definitions-for-write";
import { consentRecordOf } from "./consent-record";
import { insertPreparedLeadIn } from "./create-lead";
import { lockMatchKeys } from "./match-key-locks";
import { prepareLeadFields, type LeadAccountContext } from "./prepare-lead-fields";
import { toPublicLead, type PublicLead } from "./public-lead";
import { recordLeadChangeActivities, type LeadFieldChanges } from "./record-lead-change-activities";
import { isNumberOptedOutForAccount } from "@/lib/sms/number-opt-outs";

export interface IntakeResult {
  lead: PublicLead;
  /** How the inquiry found its lead; null when it created one. */
  matched: IntakeMatch | null;
}

const MAX_TAGS = 20;
// Fields whose fill is not "set when null": merged (tags, custom fields) or recorded (consent).
const NOT_FILLED_AS_IS = new Set(["tags", "consent", "customFields"]);

// POST /leads/intake. One transaction: lock the inquiry's match keys (match-key-locks.ts), find
// the account's live lead by externalId, else email, else phone (each as stored: lower-cased,
// E.164), then either fill that lead's empty fields or create one as POST /leads does, and
// write the inquiry activity either way.
export async function intakeLead(
  account: LeadAccountContext,
  input: LeadIntakeInput,
  actor: Actor,
): Promise<IntakeResult> {
  const db = await getDb();
  const { message, ...leadInput } = input;
  // Only a write by another door (PATCH) can race intake for the externalId: a 409, not a 500.
  const conflict = { resource: "lead" as const, accountId: account.accountId, externalId: () => leadInput.externalId };
  const customTarget = { accountId: account.accountId, resource: "lead" as const };
  return withExternalIdConflict(db, conflict, () =>
    inTransaction(db, async (tx) => {
      const prepared = await prepareLeadFields(tx, account, leadInput);
      // Checked as any write's, but a required field left out does not refuse the inquiry (a lost
      // inquiry costs more than an incomplete lead): its values only fill keys the lead lacks.
      const fields = sendsCustomFields(prepared.customFields)
        ? {
            ...prepared,
            customFields: await customFieldsForWrite(tx, customTarget, prepared.customFields, null, "fill"),
          }
        : { ...prepared, customFields: undefined };
      // A grant over the number's own STOP is not applied (as over the lead's: intakeConsentOf);
      // the inquiry is kept all the same.
      if (
        fields.consent?.sms.status === "granted" &&
        fields.phone &&
        (await isNumberOptedOutForAccount(tx, account.accountId, fields.phone))
      )
        fields.consent = undefined;
      await lockMatchKeys(tx, account.accountId, [
        fields.externalId && `externalId:${fields.externalId}`,
        fields.email && `email:${fields.email}`,
        fields.phone && `phone:${fields.phone}`,
      ]);
      const found = await findMatch(tx, account.accountId, fields);
      const lead = found
        ? await fillEmptyFields(tx, account.accountId, found.lead, fields, actor)
        : (JSON.parse((await insertPreparedLeadIn(tx, account.accountId, fields, actor)).json.text) as PublicLead);
      const matched = found?.matched ?? null;
      await recordActivity(
        tx,
        { accountId: account.accountId, leadId: lead.id, actor },
        {
          kind: "inquiry",
          message: message ?? null,
          source: fields.source ?? null,
          propertyId: fields.propertyId ?? null,
          matched,
        },
      );
      return { lead, matched };
    }),
  );
}

/** The first live lead matching by externalId, email, phone, in that order (the oldest when
 * several share an email or phone), locked for the fill. Each lookup is its partial index's. */
async function findMatch(
  tx: Tx,
  accountId: string,
  fields: LeadCreateInput,
): Promise<{ lead: Lead; matched: IntakeMatch } | undefined> {
  const keys = [
    ["externalId", leads.externalId, fields.externalId],
    ["email", leads.email, fields.email],
    ["phone", leads.phone, fields.phone],
  ] as const;
  for (const [matched, column, value] of keys) {
    if (!value) continue;
    const [lead] = await tx
      .select()
      .from(leads)
      .where(and(eq(leads.accountId, accountId), eq(column, value), isNull(leads.deletedAt)))
      .orderBy(asc(leads.createdAt), asc(leads.id))
      .limit(1)
      .for("update");
    if (lead) return { lead, matched };
  }
  return undefined;
}

/** The inquiry's values for the lead's empty fields, and its tags the lead lacks (up to 20 in
 * all): a value is never overwritten, and never with null. */
function fillOf(before: Lead, fields: LeadCreateInput): Partial<Lead> {
  const fill: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(fields)) {
    if (NOT_FILLED_AS_IS.has(field) || value === null || value === undefined) continue;
    if (before[field as keyof Lead] === null) fill[field] = value;
  }
  // Custom fields (checked values) fill the keys the lead has no value for.
  const custom = Object.entries(fields.customFields ?? {}).filter(
    ([key, value]) => value !== null && before.customFields[key] === undefined,
  );
  if (custom.length) fill.customFields = { ...before.customFields, ...Object.fromEntries(custom) };
  const newTags = (fields.tags ?? []).filter((tag) => !before.tags.includes(tag));
  if (newTags.length && before.tags.length < MAX_TAGS) fill.tags = [...before.tags, ...newTags].slice(0, MAX_TAGS);
  return fill as Partial<Lead>;
}

/** The consent the inquiry records on the lead it matched. Unlike a field it is not filled only
 * when empty: a web form's consent (or refusal) is the lead's latest word. Except that an
 * opt-out the lead sent by STOP stands until their START (assert-opt-out-clearable.ts): an
 * inquiry's `granted` is then not applied, and the inquiry is kept all the same. */
function intakeConsentOf(before: Lead, fields: LeadCreateInput): LeadConsent | undefined {
  if (fields.consent?.sms.status === "granted" && before.smsOptOutByRecipient) return undefined;
  return consentRecordOf(fields.consent, before.consent);
}

// As PATCH /leads/:id writes a change: one lead_updated activity with {field: [old, new]} and
// one lead.updated event; nothing when the inquiry brings nothing new. Also the CSV import's merge.
export async function fillEmptyFields(
  tx: Tx,
  accountId: string,
  before: Lead,
  fields: LeadCreateInput,
  actor: Actor,
): Promise<PublicLead> {
  const fill = fillOf(before, fields);
  const consent = intakeConsentOf(before, fields);
  if (!Object.keys(fill).length && !consent) return toPublicLead(before);
  const [after] = await tx
    .update(leads)
    .set({ ...fill, ...(consent && { consent }) })
    .where(eq(leads.id, before.id))
    .returning();
  const changes = Object.fromEntries(
    Object.entries(fill).map(([field, value]) => [field, [before[field as keyof Lead], value]]),
  ) as LeadFieldChanges;
  const target = { accountId, leadId: before.id, actor };
  await recordLeadChangeActivities(tx, target, changes, consent && { from: before.consent, to: consent });
  const object = toPublicLead(after);
  await recordEvent(tx, accountId, actor, {
    type: "lead.updated",
    object,
    previousAttributes: previousAttributes(toPublicLead(before), object),
  });
  return object;
}
