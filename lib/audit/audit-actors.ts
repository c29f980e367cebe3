import type { Member } from "@/lib/users/get-member";
import type { AuditActor } from "./record-audit";
import { UNKNOWN_CLIENT, type RequestClient } from "./request-client";

// The actors of audit entries, built the same way wherever an audited action happens.

export const userAuditActor = (
  member: Pick<Member, "userId" | "name" | "email">,
  origin: RequestClient,
): AuditActor => ({
  type: "user",
  id: member.userId,
  label: `${member.name} <${member.email}>`,
  ...origin,
});

export const apiKeyAuditActor = (key: { id: string; name: string }, origin: RequestClient): AuditActor => ({
  type: "api_key",
  id: key.id,
  label: `API key "${key.name}"`,
  ...origin,
});

/** An operator at `npm run cli`: no user, no address. */
export const CLI_AUDIT_ACTOR: AuditActor = { type: "cli", id: null, label: "Operator (CLI)", ...UNKNOWN_CLIENT };
