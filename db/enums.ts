// Every closed set of values in the product, defined once, below both db/ and lib/: the
// database's enum types (db/schema), the API's zod schemas (lib/schemas, through lib/domain/enums.ts)
// and the web UI's options all import these, so a value added here reaches all three (plus a
// migration for the database's enum).

export const PLANS = ["starter", "professional", "agency"] as const;
export type Plan = (typeof PLANS)[number];

export const ROLES = ["owner", "staff"] as const;
export type Role = (typeof ROLES)[number];

export const LEAD_STATUSES = [
  "new",
  "contacted",
  "qualified",
  "visit_scheduled",
  "negotiating",
  "won",
  "lost",
] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const LEAD_INTERESTS = ["buy", "rent", "sell", "let"] as const;

export const PROPERTY_TYPES = ["house", "apartment", "land", "commercial", "other"] as const;
export const LISTING_TYPES = ["sale", "rent"] as const;
export const PROPERTY_STATUSES = ["available", "reserved", "sold", "rented", "off_market"] as const;

export const VISIT_STATUSES = ["scheduled", "completed", "cancelled", "no_show"] as const;

/** A task's kind (what the agent has to do) and where it stands: `done` sets its completedAt. */
export const TASK_TYPES = ["call", "text", "email", "follow_up", "showing", "other"] as const;
export type TaskType = (typeof TASK_TYPES)[number];
export const TASK_STATUSES = ["open", "done", "cancelled"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const SMS_STATUSES = ["queued", "sent", "failed", "received", "scheduled", "cancelled"] as const;
/** outbound: we sent it; inbound: the lead sent it to us. */
export const SMS_DIRECTIONS = ["outbound", "inbound"] as const;
export type SmsDirection = (typeof SMS_DIRECTIONS)[number];

export const ACTIVITY_TYPES = [
  "lead_created",
  "lead_updated",
  "lead_status_changed",
  "lead_deleted",
  "visit_scheduled",
  "sms_sent",
  "sms_failed",
  "note",
  "inquiry",
  "sms_received",
  "sms_opted_out",
  "sms_opted_in",
  "sms_scheduled",
  "sms_cancelled",
  "sms_consent_changed",
  "task_completed",
  "lead_assigned",
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** The work that moves a lead along the pipeline by itself (lib/leads/pipeline-moves.ts). */
export const PIPELINE_TRIGGERS = ["note", "text", "call", "email", "visit"] as const;
export type PipelineTrigger = (typeof PIPELINE_TRIGGERS)[number];

export const ACTOR_TYPES = ["api_key", "user", "system"] as const;
export type ActorType = (typeof ACTOR_TYPES)[number];

// Event types (GET /events, webhooks): `<object>.<what happened>`, in the resource's own name.
export const EVENT_TYPES = [
  "lead.created",
  "lead.updated",
  "lead.status_changed",
  "lead.deleted",
  "lead.restored",
  "property.created",
  "property.updated",
  "property.deleted",
  "visit.created",
  "visit.updated",
  "task.created",
  "task.updated",
  "task.completed",
  "task.deleted",
  "note.created",
  "sms.sent",
  "sms.delivered",
  "sms.failed",
  "sms.received",
  "sms.scheduled",
  "sms.cancelled",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** Sent to one endpoint by "Send test event"; never in the feed, never subscribed to. */
export const WEBHOOK_TEST_EVENT = "webhook.test";
/** Every type an event row or a webhook may carry. */
export type AnyEventType = EventType | typeof WEBHOOK_TEST_EVENT;

/** A lead's SMS consent: granted or revoked, when, how (e.g. "web form", "verbal"), the words the
 * lead agreed to, and from which address. */
export const CONSENT_STATUSES = ["granted", "revoked", "unknown"] as const;
export interface SmsConsent {
  status: (typeof CONSENT_STATUSES)[number];
  at: string | null;
  source: string | null;
  text: string | null;
  ip: string | null;
}
export interface LeadConsent {
  sms: SmsConsent;
}

/** The resources custom fields can be defined for, and the types a field can have. */
export const CUSTOM_FIELD_RESOURCES = ["lead", "property"] as const;
export const CUSTOM_FIELD_TYPES = ["text", "number", "date", "boolean", "single_select", "multi_select"] as const;
