import { createHash } from "node:crypto";
import { and, asc, eq, isNull, lt, ne, sql } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { leads, visits } from "@/db/schema";
import { apiKeyAuditActor, userAuditActor } from "@/lib/audit/audit-actors";
import { recordAudit, type AuditActor } from "@/lib/audit/record-audit";
import type { RequestClient } from "@/lib/audit/request-client";
import type { ApiKeyPermissions } from "@/lib/keys/permissions";
import type { Member } from "@/lib/users/get-member";
import { ApiError } from "@/lib/errors/api-error";

// An agent is at one visit at a time. Before a visit is booked or moved, its agent's schedule is
// locked with a transaction-scoped advisory lock (as intake locks a lead's match keys,
// lib/leads/match-key-locks.ts), so two bookings of one agent at once are checked one after the
// other: the second sees the first and is refused. Only scheduled visits block: a cancelled,
// completed or missed one is history, and so is a visit of a deleted lead. Back to back
// (14:00–14:45, then 14:45) is no overlap.

/** What a booking or a move asks for: the agent, the time and the override. */
interface VisitSlot {
  agentId: string | null;
  scheduledAt: Date;
  durationMinutes: number;
}

interface ConflictOverride {
  /** The caller asked to book over a conflict (API `allowConflict`, the web UI's checkbox). */
  allowConflict?: boolean;
  /** Who may: an owner in the web app, a Full access key in the API. Otherwise 403. */
  mayOverride: boolean;
  /** Who the override's audit entry names. */
  auditActor?: AuditActor;
}

/** Who is asking: whether they may override, and how the audit log names them. */
export type OverrideCaller = Omit<ConflictOverride, "allowConflict">;

/** An API key may override when it has Full access: only owners make keys, and a Full access key
 * acts for the account as its owner would; a restricted key (a booking widget's) may not. */
export const apiKeyOverrideCaller = (
  key: { id: string; name: string; permissions: ApiKeyPermissions | null },
  origin: RequestClient,
): OverrideCaller => ({ mayOverride: key.permissions === null, auditActor: apiKeyAuditActor(key, origin) });

/** A member of the web app may override when they are an owner (the role as the database said
 * at the start of the request). */
export const memberOverrideCaller = (member: Member, origin: RequestClient): OverrideCaller => ({
  mayOverride: member.role === "owner",
  auditActor: userAuditActor(member, origin),
});

type ConflictingVisit = { id: string; scheduledAt: Date; durationMinutes: number };

const lockKey = (text: string) => createHash("sha256").update(text).digest().readBigInt64BE(0);

/** Waits for any other booking of this agent to commit; held until this transaction ends. */
async function lockAgentSchedule(tx: Tx, accountId: string, agentId: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${lockKey(`visit-agent:${accountId}:${agentId}`).toString()}::bigint)`,
  );
}

/** The agent's first scheduled visit overlapping the slot (the visit itself excluded), or null. */
async function findConflict(
  tx: Tx,
  accountId: string,
  slot: VisitSlot & { agentId: string },
  excludeVisitId?: string,
): Promise<ConflictingVisit | null> {
  const end = new Date(slot.scheduledAt.getTime() + slot.durationMinutes * 60_000);
  const [other] = await tx
    .select({ id: visits.id, scheduledAt: visits.scheduledAt, durationMinutes: visits.durationMinutes })
    .from(visits)
    .innerJoin(leads, and(eq(leads.id, visits.leadId), eq(leads.accountId, visits.accountId)))
    .where(
      and(
        eq(visits.accountId, accountId),
        eq(visits.agentId, slot.agentId),
        eq(visits.status, "scheduled"),
        isNull(leads.deletedAt),
        excludeVisitId ? ne(visits.id, excludeVisitId) : undefined,
        lt(visits.scheduledAt, end),
        // Raw SQL gets no column mapping: the time goes as ISO text.
        sql`${visits.scheduledAt} + make_interval(mins => ${visits.durationMinutes}) > ${slot.scheduledAt.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(visits.scheduledAt))
    .limit(1);
  return other ?? null;
}

/**
 * Locks the agent's schedule and refuses a slot that overlaps another of their scheduled visits:
 * 409 visit_conflict naming it, or, with an allowed override, lets it through and answers the
 * visit it overlaps, for `auditConflictOverride` once the visit is written. No agent: no check.
 */
export async function checkVisitConflict(
  tx: Tx,
  accountId: string,
  slot: VisitSlot,
  override: ConflictOverride,
  excludeVisitId?: string,
): Promise<ConflictingVisit | null> {
  if (!slot.agentId) return null;
  await lockAgentSchedule(tx, accountId, slot.agentId);
  const other = await findConflict(tx, accountId, { ...slot, agentId: slot.agentId }, excludeVisitId);
  if (!other) return null;
  const at = other.scheduledAt.toISOString();
  if (!override.allowConflict) {
    throw new ApiError(
      "visit_conflict",
      `This agent already has a visit at ${at} (${other.durationMinutes} min) that overlaps this time. Choose another time or agent.`,
      [
        {
          path: "scheduledAt",
          message: `Overlaps the agent's visit ${other.id} at ${at}`,
          visitId: other.id,
          scheduledAt: at,
        },
      ],
    );
  }
  if (!override.mayOverride) {
    throw new ApiError(
      "insufficient_permissions",
      "Only an account owner (in the API, a Full access key) can book over another visit of the same agent.",
      [{ path: "allowConflict", message: "Not allowed for this caller; choose another time or agent." }],
    );
  }
  return other;
}

/** The audit entry of a booking made over a conflict, in the booking's transaction. */
export async function auditConflictOverride(
  tx: Tx,
  accountId: string,
  override: ConflictOverride,
  visitId: string,
  other: ConflictingVisit,
): Promise<void> {
  if (!override.auditActor) return;
  await recordAudit(tx, accountId, override.auditActor, {
    action: "visit.conflict_overridden",
    target: { type: "visit", id: visitId, label: visitId },
    changes: { overlapsVisitId: [null, other.id], overlapsScheduledAt: [null, other.scheduledAt.toISOString()] },
  });
}
