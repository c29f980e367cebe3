import type { DbOrTx } from "@/db/client";
import { recordActivity, type Actor } from "@/lib/activities/record-activity";
import type { LeadConsent } from "@/lib/domain/enums";

export type LeadFieldChanges = Record<string, [unknown, unknown]>;

/**
 * The timeline's record of one change to a lead (PATCH, intake's fill, the web form):
 * `lead_changed` with `{field: [old, new]}` for its fields, and, when the consent record changed,
 * its own `sms_consent_changed` with the whole record before and after, the history a regulator
 * is shown.
 */
export async function recordLeadChangeActivities(
  tx: DbOrTx,
  target: { accountId: string; leadId: string; actor: Actor },
  changes: LeadFieldChanges,
  consent?: { from: LeadConsent; to: LeadConsent },
): Promise<void> {
  if (Object.keys(changes).length) await recordActivity(tx, target, { kind: "lead_changed", changes });
  if (consent)
    await recordActivity(tx, target, { kind: "sms_consent_changed", from: consent.from.sms, to: consent.to.sms });
}
