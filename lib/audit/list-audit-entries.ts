import { and, eq, gte, isNull, lt, type SQL } from "drizzle-orm";
import { getDb } from "@/db/client";
import { auditLogEntries, type AuditLogEntry } from "@/db/schema";
import { cursorScope } from "@/lib/pagination/cursor";
import { keyset, type Page } from "@/lib/pagination/keyset";
import type { AuditAction, AuditActorType } from "./audit-actions";

export interface AuditLogFilters {
  /** One actor: a user's or key's id, or, for the CLI and the system, no id. */
  actor?: { type: AuditActorType; id: string | null };
  action?: AuditAction;
  /** Entries at or after `from`, and before `to`. */
  from?: Date;
  to?: Date;
}

export interface AuditLogQuery extends AuditLogFilters {
  limit: number;
  cursor?: string;
}

/** An entry as Settings → Audit log and its CSV show it. */
export type AuditEntryView = Omit<AuditLogEntry, "accountId">;

/** The account's audit log, newest first, filtered; keyset-paged on (occurredAt, id). */
export async function listAuditEntries(accountId: string, query: AuditLogQuery): Promise<Page<AuditEntryView>> {
  const db = await getDb();
  const { actor, action, from, to } = query;
  const page = keyset(
    { limit: query.limit, cursor: query.cursor, sort: "-createdAt" },
    { createdAt: auditLogEntries.occurredAt, id: auditLogEntries.id },
    cursorScope("audit-log", accountId, { actorType: actor?.type, actorId: actor?.id, action, from, to }),
  );
  const conditions: (SQL | undefined)[] = [
    eq(auditLogEntries.accountId, accountId),
    actor && eq(auditLogEntries.actorType, actor.type),
    actor && (actor.id === null ? isNull(auditLogEntries.actorId) : eq(auditLogEntries.actorId, actor.id)),
    action && eq(auditLogEntries.action, action),
    from && gte(auditLogEntries.occurredAt, from),
    to && lt(auditLogEntries.occurredAt, to),
    page.where,
  ];
  const rows = await db
    .select({ ...viewColumns, createdAt: auditLogEntries.occurredAt })
    .from(auditLogEntries)
    .where(and(...conditions))
    .orderBy(...page.orderBy)
    .limit(page.fetch);
  // keyset() reads the sort value as `createdAt`: occurredAt again, under the name it expects.
  return page.toPage(rows, (row) => {
    const entry: Partial<typeof row> = { ...row };
    delete entry.createdAt;
    return entry as AuditEntryView;
  });
}

const viewColumns = {
  id: auditLogEntries.id,
  occurredAt: auditLogEntries.occurredAt,
  actorType: auditLogEntries.actorType,
  actorId: auditLogEntries.actorId,
  actorLabel: auditLogEntries.actorLabel,
  action: auditLogEntries.action,
  targetType: auditLogEntries.targetType,
  targetId: auditLogEntries.targetId,
  targetLabel: auditLogEntries.targetLabel,
  changes: auditLogEntries.changes,
  ip: auditLogEntries.ip,
  userAgent: auditLogEntries.userAgent,
};
