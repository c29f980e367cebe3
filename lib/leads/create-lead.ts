import { getDb, type DbOrTx, type Tx } from "@/db/client";
import type { LeadConsent } from "@/lib/domain/enums";
import { inTransaction } from "@/lib/query/after-commit";
import type { Actor } from "@/lib/activities/record-activity";
import { withExternalIdConflict } from "@/lib/external-ids/external-id-conflict";
import { JsonText } from "@/lib/query/json-text";
import type { CustomFieldValues } from "@/lib/schemas/custom-fields";
import { leadSchema, type LeadCreateInput } from "@/lib/schemas/leads";
import {
  customFieldsForWrite,
  definitionsForWrite,
  sendsCustomFields,
} from "@/lib/custom-fields/definitions-for-write";
import { validateCustomFields } from "@/lib/custom-fields/validate-custom-fields";
import { consentRecordOf, UNKNOWN_CONSENT } from "./consent-record";
import { insertNewLeads, type NewLead } from "./insert-new-leads";
import { prepareLeadFields, type LeadAccountContext } from "./prepare-lead-fields";
import { recordLeadChangeActivities } from "./record-lead-change-activities";
import type { PublicLead } from "./public-lead";
import { assertNumberOptOutClearable } from "@/lib/sms/assert-opt-out-clearable";
import { routingRulesAt } from "@/lib/routing/cached-routing-rules";
import { loadRoutingRules, type RoutingRule } from "@/lib/routing/load-routing-rules";

// A lead is written by the one writer of new leads (insert-new-leads.ts: the row, its
// lead_created activity and its lead.created event in one statement, as the import writes them).
// What is particular to a single lead is here: its references read, its consent's history, its
// custom fields checked against the account's definitions.

/** Creates the lead; answers its id and its public JSON (POST /leads sends that text as is). */
export async function createLeadJson(
  account: LeadAccountContext,
  input: LeadCreateInput,
  actor: Actor,
): Promise<{ id: string; json: JsonText<PublicLead> }> {
  const db = await getDb();
  const sendsCustom = sendsCustomFields(input.customFields);
  // Reads the property and owner it names (in this account), then normalises: nothing written.
  // Meanwhile, when no custom field is sent, the definitions only if the account has a required
  // one (the flag comes with the API key; the web UI's context leaves it unset, so they are read).
  // And the routing rules when the lead names no assignee: this process's copy for the routing
  // version the API key's lookup read, else one read beside the others rather than after them
  // (insert-new-leads.ts routes with them).
  const [fields, definitions, rules] = await Promise.all([
    prepareLeadFields(db, account, input),
    sendsCustom || account.hasRequiredLeadCustomFields === false
      ? undefined
      : definitionsForWrite(db, account.accountId, "lead", { lock: false }),
    input.assignedTo == null ? rulesOf(db, account) : undefined,
  ]);
  // Nothing sent: a 400 naming each required field, else nothing to store.
  if (definitions) validateCustomFields(definitions, {}, null, "create");
  // A consent granted over the number's own STOP (another lead's, or a deleted one's): 409.
  if (fields.consent?.sms.status === "granted" && fields.phone)
    await assertNumberOptOutClearable(db, account.accountId, fields.phone);
  // A consent sent with the lead is recorded as given (dated now unless it says when).
  const consent = consentRecordOf(fields.consent, UNKNOWN_CONSENT);
  // Custom fields not sent are stored as none: the column's default.
  const lead: NewLead = { ...fields, consent, customFields: undefined };
  const conflict = { resource: "lead" as const, accountId: account.accountId, externalId: () => fields.externalId };
  return withExternalIdConflict(db, conflict, async () => {
    // However many webhook endpoints the account has: the event is one row of this statement,
    // and the dispatcher fans it out after the commit.
    if (!consent && !sendsCustom) return insertOne(db, account.accountId, lead, actor, rules);
    // A consent given with the lead commits with its activity, and custom fields are checked
    // against definitions locked until the lead commits (definitions-for-write.ts): the same
    // statement, in a transaction with them.
    return inTransaction(db, async (tx) => {
      if (sendsCustom) {
        const target = { accountId: account.accountId, resource: "lead" as const };
        lead.customFields = await customFieldsForWrite(tx, target, input.customFields, null, "create");
      }
      const one = await insertOne(tx, account.accountId, lead, actor, rules);
      await recordCreatedConsent(tx, account.accountId, one.id, consent, actor);
      return one;
    });
  });
}

/** The account's routing rules: this process's copy for the version the API key's lookup read
 * (none read at all while it holds), else read now (the web UI's context knows no version). */
function rulesOf(db: DbOrTx, account: LeadAccountContext): Promise<readonly RoutingRule[]> {
  return account.routingVersion === undefined
    ? loadRoutingRules(db, account.accountId)
    : routingRulesAt(db, account.accountId, account.routingVersion);
}

/** The same statement inside the caller's transaction (intake, an inbound SMS from a new number),
 * from fields prepareLeadFields has already checked and normalised. */
export async function insertPreparedLeadIn(
  tx: Tx,
  accountId: string,
  fields: Omit<LeadCreateInput, "customFields"> & { customFields?: CustomFieldValues },
  actor: Actor,
): Promise<{ id: string; json: JsonText<PublicLead> }> {
  const consent = consentRecordOf(fields.consent, UNKNOWN_CONSENT);
  const written = await insertOne(tx, accountId, { ...fields, consent }, actor);
  await recordCreatedConsent(tx, accountId, written.id, consent, actor);
  return written;
}

async function insertOne(
  db: DbOrTx,
  accountId: string,
  lead: NewLead,
  actor: Actor,
  rules?: readonly RoutingRule[],
): Promise<{ id: string; json: JsonText<PublicLead> }> {
  const [{ id, json }] = await insertNewLeads(db, accountId, [lead], actor, { withJson: true, rules });
  if (json === null) throw new Error(`lead ${id}: its JSON did not come back from the insert`);
  return { id, json: new JsonText(json) };
}

/** A lead created with its consent: the record's history starts with `unknown` → what was sent. */
async function recordCreatedConsent(
  tx: DbOrTx,
  accountId: string,
  leadId: string,
  consent: LeadConsent | undefined,
  actor: Actor,
): Promise<void> {
  if (consent)
    await recordLeadChangeActivities(tx, { accountId, leadId, actor }, {}, { from: UNKNOWN_CONSENT, to: consent });
}

/** Creates the lead (the web UI's form, fixtures): the same statement, parsed. */
export async function createLead(
  account: LeadAccountContext,
  input: LeadCreateInput,
  actor: Actor,
): Promise<PublicLead> {
  return leadSchema.parse(JSON.parse((await createLeadJson(account, input, actor)).json.text));
}
