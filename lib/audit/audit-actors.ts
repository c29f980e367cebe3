import type { Member } from "@/lib/users/get-member";
import type { AuditActor } from "./record-audit";
import { NO_ORIGIN, type RequestOrigin } from "./request-origin";

// The actors of audit entries, built the same way wherever an audited action happens.

export const userAuditActor = (
  member: Pick<Member, "userId" | "name" | "email">,
  origin: RequestOrigin,
): AuditActor => ({
  type: "user",
  id: member.userId,
  label: `${member.name} <${member.email}>`,
  ...origin,
});

export const apiKeyAuditActor = (key: { id: string; name: string }, origin: RequestOrigin): AuditActor => ({
  type: "api_key",
  id: key.id,
  label: `API key "${key.name}"`,
  ...origin,
});

/** An operator at `npm run cli`: no user, no address. */
export const CLI_AUDIT_ACTOR: AuditActor = { type: "cli", id: null, label: "Operator (CLI)", ...NO_ORIGIN };
