// Every action the audit log records, with the words Settings → Audit log shows for it. An
// entry's action is one of these; adding one here is all a new audited action needs.
export const AUDIT_ACTIONS = {
  "api_key.created": "API key created",
  "api_key.rolled": "API key rolled",
  "api_key.old_secret_stopped": "API key's old secret stopped early",
  "api_key.revoked": "API key revoked",
  "api_key.permissions_changed": "API key permissions changed",
  "webhook_endpoint.created": "Webhook endpoint created",
  "webhook_endpoint.updated": "Webhook endpoint changed",
  "webhook_endpoint.deleted": "Webhook endpoint deleted",
  "webhook_endpoint.secret_revealed": "Webhook signing secret revealed",
  "webhook_endpoint.secret_rolled": "Webhook signing secret rolled",
  "member.added": "Member added",
  "member.removed": "Member removed",
  "member.role_changed": "Member role changed",
  "member.deactivated": "Member deactivated",
  "member.reactivated": "Member reactivated",
  "invite.sent": "Team invite sent",
  "invite.resent": "Team invite sent again",
  "invite.revoked": "Team invite revoked",
  "invite.accepted": "Team invite accepted",
  "account.plan_changed": "Plan changed",
  "account.settings_changed": "Account settings changed",
  "custom_field.created": "Custom field created",
  "custom_field.updated": "Custom field changed",
  "custom_field.deleted": "Custom field deleted",
  "routing_rule.created": "Lead routing rule created",
  "routing_rule.updated": "Lead routing rule changed",
  "routing_rule.deleted": "Lead routing rule deleted",
  "routing_rule.moved": "Lead routing rule moved",
  "member.availability_changed": "Member's availability for lead routing changed",
  "leads.exported": "Leads exported (CSV)",
  "properties.exported": "Properties exported (CSV)",
  "sms.quiet_hours_overridden": "SMS sent during the lead's quiet hours",
  "visit.conflict_overridden": "Visit booked over another visit of the same agent",
  "sign_in.succeeded": "Signed in",
  "sign_in.throttled": "Sign-in refused by the throttle",
  "sign_out.everywhere": "Signed out everywhere",
  "password.reset_requested": "Password reset requested",
  "password.reset_completed": "Password reset",
  "password.changed": "Password changed",
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]];

/** Who did it: a signed-in user, an API key, an operator at the CLI, or the system itself. */
export const AUDIT_ACTOR_TYPES = ["user", "api_key", "cli", "system"] as const;
export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];

// The audit_log_entries table's `action` and `actor_type` columns (db/schema/domain-types.ts).
declare module "@/db/schema/domain-types" {
  interface DomainTypes {
    auditAction: AuditAction;
    auditActorType: AuditActorType;
  }
}
