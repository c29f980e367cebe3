import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { activities } from "@/db/schema";
import type { ActivityType, ActorType, PipelineTrigger, SmsConsent } from "@/lib/domain/enums";
import { LEAD_STATUS_LABELS } from "@/lib/leads/lead-labels";
import { newId } from "@/lib/ids/new-id";
import type { ActivityData } from "@/lib/schemas/activities";

// Every activity is written through this module (recordActivity, or activityRow for a batch), so
// each kind's type, summary text and data keys exist once. The summary is what the timeline
// shows; the data is what the API documents (activityDataSchema).

export interface Actor {
  type: ActorType;
  id: string | null;
  name: string;
  /** The API request that made the change (events carry it); absent for the web UI and the CLI. */
  requestId?: string;
}

type Changes = Record<string, [unknown, unknown]>;

/** What happened, in the terms of the change that wrote it. */
export type ActivityFact =
  | { kind: "lead_created"; name: string; source: string | null }
  | { kind: "lead_changed"; changes: Changes }
  // The pipeline's automatic move (lib/leads/pipeline-moves.ts), made for whoever did the work.
  | { kind: "lead_moved"; changes: Changes; trigger: PipelineTrigger; onBehalfOf: Omit<Actor, "requestId"> }
  | { kind: "lead_deleted"; name: string }
  | { kind: "lead_restored" }
  | { kind: "visit_scheduled"; visitId: string; propertyId: string | null; scheduledAt: Date }
  | { kind: "visit_outcome"; visitId: string; scheduledAt: Date; from: string; to: string; label: string }
  | { kind: "visit_rescheduled"; visitId: string; scheduledAt: Date; movedTo: Date | null; changes: Changes }
  | { kind: "sms_sent"; smsId: string; to: string | null }
  | { kind: "sms_failed"; smsId: string; to: string | null }
  | { kind: "sms_scheduled"; smsId: string; to: string; sendAt: Date }
  | { kind: "sms_cancelled"; smsId: string; to: string }
  | { kind: "sms_undelivered"; smsId: string; to: string; providerStatus: string }
  | { kind: "note"; text: string }
  | {
      kind: "inquiry";
      message: string | null;
      source: string | null;
      propertyId: string | null;
      /** How intake found the lead: by externalId, email or phone; null when it created it. */
      matched: IntakeMatch | null;
    }
  | { kind: "sms_received"; smsId: string; from: string }
  // smsId null: the keyword came through the shared number in another account's conversation.
  | { kind: "sms_opted_out"; smsId: string | null; keyword: string }
  | { kind: "sms_opted_in"; smsId: string | null; keyword: string }
  | { kind: "sms_consent_changed"; from: SmsConsent; to: SmsConsent }
  // Lead routing (lib/routing): the rule that gave the lead to the agent, at its creation or, after
  // the rule's minutes without contact, to the next agent (`fromName`: the agent it left).
  | { kind: "lead_assigned"; agentId: string; agentName: string; ruleId: string; ruleName: string }
  | {
      kind: "lead_rerouted";
      agentId: string;
      agentName: string;
      fromId: string;
      ruleId: string;
      ruleName: string;
      minutes: number;
    }
  | { kind: "task_completed"; taskId: string; title: string };

export type IntakeMatch = "externalId" | "email" | "phone";

const LEAD_CREATED = ["Lead ", " created"] as const;
const NOTE_SUMMARY_LENGTH = 140;

/** A time as the timeline writes it: `2026-11-22 09:30 UTC`. */
const utcMinute = (at: Date) => `${at.toISOString().slice(0, 16).replace("T", " ")} UTC`;

/** "Moved to Contacted automatically after Ana Lopez's note": the work, and who did it. */
function movedSummary({ changes, trigger, onBehalfOf }: Extract<ActivityFact, { kind: "lead_moved" }>): string {
  const work = trigger === "visit" ? `${onBehalfOf.name} booked a visit` : `${onBehalfOf.name}'s ${trigger}`;
  const status = changes.status?.[1] as keyof typeof LEAD_STATUS_LABELS | undefined;
  if (!status) return `Property set automatically after ${work}`;
  const property = changes.propertyId ? ", with its property" : "";
  return `Moved to ${LEAD_STATUS_LABELS[status]} automatically after ${work}${property}`;
}

/** The timeline's line for a note: its first line, shortened. */
function noteSummary(text: string): string {
  const firstLine = text.split("\n", 1)[0].trim();
  return firstLine.length > NOTE_SUMMARY_LENGTH ? `${firstLine.slice(0, NOTE_SUMMARY_LENGTH - 1)}…` : firstLine;
}

/** How the keyword reached the lead: in its own thread, or through another agency's thread on the
 * shared number (the phone's STOP or START holds for every account that texted it from there). */
const keywordReply = ({ smsId, keyword }: { smsId: string | null; keyword: string }) =>
  smsId ? `replied ${keyword}` : `replied ${keyword} to another agency on the shared number`;

export function describeActivity(fact: ActivityFact): { type: ActivityType; summary: string; data: ActivityData } {
  switch (fact.kind) {
    case "lead_created":
      return {
        type: "lead_created",
        summary: `${LEAD_CREATED[0]}${fact.name}${LEAD_CREATED[1]}`,
        data: { source: fact.source },
      };
    case "lead_changed": {
      const status = fact.changes.status;
      return status
        ? {
            type: "lead_status_changed",
            summary: `Status changed from ${status[0]} to ${status[1]}`,
            data: { changes: fact.changes },
          }
        : {
            type: "lead_updated",
            summary: `Updated ${Object.keys(fact.changes).join(", ")}`,
            data: { changes: fact.changes },
          };
    }
    case "lead_moved":
      return {
        type: fact.changes.status ? "lead_status_changed" : "lead_updated",
        summary: movedSummary(fact),
        data: { changes: fact.changes, trigger: fact.trigger, onBehalfOf: fact.onBehalfOf },
      };
    case "lead_deleted":
      return { type: "lead_deleted", summary: `Lead ${fact.name} deleted`, data: {} };
    case "lead_restored":
      return { type: "lead_updated", summary: "Lead restored", data: { changes: { deleted: [true, false] } } };
    case "visit_scheduled":
      return {
        type: "visit_scheduled",
        summary: `Visit scheduled for ${utcMinute(fact.scheduledAt)}`,
        data: { visitId: fact.visitId, propertyId: fact.propertyId, scheduledAt: fact.scheduledAt.toISOString() },
      };
    case "visit_outcome":
      return {
        type: "lead_updated",
        summary: `Visit of ${utcMinute(fact.scheduledAt)} marked ${fact.label.toLowerCase()}`,
        data: { visitId: fact.visitId, changes: { visitStatus: [fact.from, fact.to] } },
      };
    // Like an outcome, a lead_updated naming the visit: its changes keys are `visit<Field>`.
    case "visit_rescheduled":
      return {
        type: "lead_updated",
        summary: fact.movedTo
          ? `Visit of ${utcMinute(fact.scheduledAt)} moved to ${utcMinute(fact.movedTo)}`
          : `Visit of ${utcMinute(fact.scheduledAt)} updated`,
        data: { visitId: fact.visitId, changes: fact.changes },
      };
    case "sms_sent":
      return { type: "sms_sent", summary: `SMS sent to ${fact.to}`, data: { smsId: fact.smsId } };
    case "sms_failed":
      return { type: "sms_failed", summary: `SMS to ${fact.to} failed`, data: { smsId: fact.smsId } };
    case "sms_scheduled":
      return {
        type: "sms_scheduled",
        summary: `SMS to ${fact.to} scheduled for ${utcMinute(fact.sendAt)}`,
        data: { smsId: fact.smsId, sendAt: fact.sendAt.toISOString() },
      };
    case "sms_cancelled":
      return { type: "sms_cancelled", summary: `Scheduled SMS to ${fact.to} cancelled`, data: { smsId: fact.smsId } };
    case "sms_undelivered":
      return {
        type: "sms_failed",
        summary: `SMS to ${fact.to} was not delivered`,
        data: { smsId: fact.smsId, providerStatus: fact.providerStatus },
      };
    case "note":
      return { type: "note", summary: noteSummary(fact.text), data: { text: fact.text } };
    case "inquiry":
      return {
        type: "inquiry",
        summary: fact.source ? `Inquiry from ${fact.source}` : "Inquiry",
        data: { message: fact.message, source: fact.source, propertyId: fact.propertyId, matched: fact.matched },
      };
    case "sms_received":
      return { type: "sms_received", summary: `SMS received from ${fact.from}`, data: { smsId: fact.smsId } };
    case "sms_opted_out":
      return {
        type: "sms_opted_out",
        summary: `Opted out of SMS (${keywordReply(fact)})`,
        data: fact.smsId ? { smsId: fact.smsId, keyword: fact.keyword } : { keyword: fact.keyword },
      };
    case "sms_opted_in":
      return {
        type: "sms_opted_in",
        summary: `Opted back in to SMS (${keywordReply(fact)})`,
        data: fact.smsId ? { smsId: fact.smsId, keyword: fact.keyword } : { keyword: fact.keyword },
      };
    case "lead_assigned":
      return {
        type: "lead_assigned",
        summary: `Assigned to ${fact.agentName} by rule “${fact.ruleName}”`,
        data: { assignedTo: fact.agentId, ruleId: fact.ruleId, ruleName: fact.ruleName },
      };
    case "lead_rerouted":
      return {
        type: "lead_assigned",
        summary: `Re-routed to ${fact.agentName}: no contact within ${fact.minutes} minutes (rule “${fact.ruleName}”)`,
        data: { assignedTo: fact.agentId, ruleId: fact.ruleId, ruleName: fact.ruleName, reroutedFrom: fact.fromId },
      };
    // The whole record before and after, so the history alone shows a regulator every change.
    case "sms_consent_changed":
      return {
        type: "sms_consent_changed",
        summary: `SMS consent ${fact.to.status}${fact.to.source ? ` (${fact.to.source})` : ""}`,
        data: { changes: { "consent.sms": [fact.from, fact.to] } },
      };
    case "task_completed":
      return { type: "task_completed", summary: `Task done: ${fact.title}`, data: { taskId: fact.taskId } };
  }
}

/** lead_created's summary built by PostgreSQL from a name column (the bulk seed's one statement). */
export const leadCreatedSummarySql = (name: SQLWrapper): SQL<string> =>
  sql<string>`${LEAD_CREATED[0]} || ${name} || ${LEAD_CREATED[1]}`;

interface ActivityTarget {
  accountId: string;
  leadId: string;
  actor: Actor;
  /** When it happened; the database's now() when absent. */
  at?: Date;
}

/** The activity's row, for a batch insert (the demo seed); recordActivity writes one. */
export function activityRow(target: ActivityTarget, fact: ActivityFact): typeof activities.$inferInsert {
  return {
    id: newId("activity"),
    accountId: target.accountId,
    leadId: target.leadId,
    ...describeActivity(fact),
    actorType: target.actor.type,
    actorId: target.actor.id,
    actorName: target.actor.name,
    ...(target.at && { createdAt: target.at }),
  };
}

// Call inside the transaction of the change it records: both commit or neither.
export async function recordActivity(tx: DbOrTx, target: ActivityTarget, fact: ActivityFact): Promise<string> {
  const row = activityRow(target, fact);
  await tx.insert(activities).values(row);
  return row.id;
}
