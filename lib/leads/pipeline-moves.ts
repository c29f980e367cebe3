import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { accounts, leads, type Lead } from "@/db/schema";
import { recordActivity, type Actor } from "@/lib/activities/record-activity";
import { LEAD_STATUSES, type LeadStatus, type PipelineTrigger } from "@/lib/domain/enums";
import { previousAttributes, recordEvent } from "@/lib/events/record-event";
import { toPublicLead } from "./public-lead";

// The pipeline follows the work: the agent's first contact moves a New lead to Contacted, a
// booked visit moves the lead to Visit scheduled and gives it the visit's property. Each move is
// an ordinary status change (its activity, its lead.status_changed event, the version raised),
// made by the system on behalf of whoever did the work, inside the transaction of that work: the
// caller holds the lead's row locked (FOR UPDATE), so two notes at once make one move, and a
// crash between the work and the move loses neither. Each move has its switch in Settings.

/** The work that moves a lead: what the timeline says it came after. */
export type PipelineWork =
  { trigger: Exclude<PipelineTrigger, "visit"> } | { trigger: "visit"; propertyId: string | null };

const stage = (status: LeadStatus) => LEAD_STATUSES.indexOf(status);

/** The system, acting for the person or key whose work moved the lead; events carry their request. */
const pipelineActor = (by: Actor): Actor => ({
  type: "system",
  id: null,
  name: `Pipeline, for ${by.name}`,
  ...(by.requestId && { requestId: by.requestId }),
});

/** The fields the work changes on `lead`: none when the account's switch is off or the lead is
 * already there (or further: a lead is never moved backwards). */
function movesFor(
  lead: Lead,
  work: PipelineWork,
  switches: { autoMoveOnContact: boolean; autoMoveOnVisit: boolean },
): Partial<Pick<Lead, "status" | "propertyId">> {
  if (work.trigger !== "visit")
    return switches.autoMoveOnContact && lead.status === "new" ? { status: "contacted" } : {};
  if (!switches.autoMoveOnVisit) return {};
  return {
    ...(stage(lead.status) < stage("visit_scheduled") && { status: "visit_scheduled" as const }),
    ...(!lead.propertyId && work.propertyId && { propertyId: work.propertyId }),
  };
}

/**
 * Moves `lead` (its row locked by the caller, in the caller's transaction) as `work` calls for,
 * after recording the work itself, so the timeline lists the work first. Answers the lead after.
 */
export async function followTheWork(tx: DbOrTx, lead: Lead, work: PipelineWork, by: Actor): Promise<Lead> {
  const [switches] = await tx
    .select({ autoMoveOnContact: accounts.autoMoveOnContact, autoMoveOnVisit: accounts.autoMoveOnVisit })
    .from(accounts)
    .where(eq(accounts.id, lead.accountId));
  const fields = movesFor(lead, work, switches);
  if (Object.keys(fields).length === 0) return lead;
  const [after] = await tx.update(leads).set(fields).where(eq(leads.id, lead.id)).returning();
  const changes: Record<string, [unknown, unknown]> = {};
  for (const [field, value] of Object.entries(fields)) changes[field] = [lead[field as keyof typeof fields], value];
  const actor = pipelineActor(by);
  const onBehalfOf = { type: by.type, id: by.id, name: by.name };
  await recordActivity(
    tx,
    { accountId: lead.accountId, leadId: lead.id, actor },
    { kind: "lead_moved", changes, trigger: work.trigger, onBehalfOf },
  );
  const object = toPublicLead(after);
  await recordEvent(tx, lead.accountId, actor, {
    type: fields.status ? "lead.status_changed" : "lead.updated",
    object,
    previousAttributes: previousAttributes(toPublicLead(lead), object),
  });
  return after;
}

/**
 * What a completed visit offers to move the lead to (a prompt, never a move): the stage after
 * Visit scheduled, for a lead not yet past it; null when it is (Negotiating, Won, Lost).
 */
export function statusAfterCompletedVisit(status: LeadStatus): LeadStatus | null {
  return stage(status) < stage("negotiating") ? "negotiating" : null;
}
