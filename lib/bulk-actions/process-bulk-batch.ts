import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { accounts, bulkLeadActions, leads } from "@/db/schema";
import type { Actor } from "@/lib/activities/record-activity";
import { changeLockedLead } from "@/lib/leads/update-lead";
import { BULK_LEAD_LIMIT } from "@/lib/schemas/bulk-lead-actions";
import { leadChangeOf } from "./bulk-lead-change";
import { selectionWhere } from "./bulk-selection";
import { textBatch, type BulkSmsOutcome } from "./bulk-sms";

// One batch of a bulk action, in the caller's transaction: the action's row is locked, the next
// leads after its cursor are read (in id order, locked), each is changed as the lead page changes
// it (its activity, its lead.updated or lead.status_changed event, its version), and the cursor
// and counts move on, all in one commit. A worker killed mid-batch leaves nothing of it; the next
// run starts after the last committed lead, so no lead is changed twice and none is missed.

/** Leads per transaction: short enough not to hold many leads' locks for long (a member editing one
 * of them waits at most one batch), long enough that 10,000 leads are a hundred commits. */
const BULK_BATCH_LEADS = 100;

const COUNTED = [
  "changedCount",
  "unchangedCount",
  "scheduledCount",
  "noPhoneCount",
  "optedOutCount",
  "noConsentCount",
] as const;
type Counted = (typeof COUNTED)[number];

/** A text "sent" is a change: the lead got the message (now, not held by quiet hours). */
const SMS_COLUMNS: Record<BulkSmsOutcome, Counted> = {
  sent: "changedCount",
  scheduled: "scheduledCount",
  no_phone: "noPhoneCount",
  opted_out: "optedOutCount",
  no_consent: "noConsentCount",
};

/** Processes the next batch; answers false when nothing was left (or the action is not running). */
export async function processNextBulkBatch(tx: Tx, bulkActionId: string, actor: Actor): Promise<boolean> {
  const [state] = await tx.select().from(bulkLeadActions).where(eq(bulkLeadActions.id, bulkActionId)).for("update");
  if (!state || state.status !== "running") return false;
  // Filters may match more leads by now than when counted: the promise is never past the limit.
  const room = BULK_LEAD_LIMIT - state.processedCount;
  if (room <= 0) return false;
  const { accountId } = state;
  const where = and(
    await selectionWhere(tx, accountId, state.selection),
    state.cursor ? gt(leads.id, state.cursor) : undefined,
  );
  const batch = await tx
    .select()
    .from(leads)
    .where(where)
    .orderBy(asc(leads.id))
    .limit(Math.min(BULK_BATCH_LEADS, room))
    .for("update");
  if (batch.length === 0) return false;
  const [account] = await tx.select().from(accounts).where(eq(accounts.id, accountId));

  const counts = Object.fromEntries(COUNTED.map((column) => [column, 0])) as Record<Counted, number>;
  const add = (column: Counted) => counts[column]++;
  const { action } = state;
  if (action.kind === "sms") {
    for (const outcome of await textBatch(tx, account, batch, action.message, actor)) add(SMS_COLUMNS[outcome]);
  } else {
    const context = { accountId, defaultCountry: account.defaultCountry };
    for (const lead of batch) {
      const change = leadChangeOf(action, lead);
      const changed = change !== null && (await changeLockedLead(tx, context, lead, change, actor)).changed;
      add(changed ? "changedCount" : "unchangedCount");
    }
  }
  const increments = Object.fromEntries(
    COUNTED.map((column) => [column, sql`${bulkLeadActions[column]} + ${counts[column]}`]),
  );
  await tx
    .update(bulkLeadActions)
    .set({
      cursor: batch[batch.length - 1].id,
      processedCount: sql`${bulkLeadActions.processedCount} + ${batch.length}`,
      ...increments,
    })
    .where(eq(bulkLeadActions.id, bulkActionId));
  return true;
}
