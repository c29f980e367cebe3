import type { DbOrTx } from "@/db/client";
import { auditLogEntries } from "@/db/schema";
import { newId } from "@/lib/ids/new-id";
import type { AuditAction, AuditActorType } from "./audit-actions";
import type { RequestClient } from "./request-client";

// Every audit entry is written here, in the transaction of the change it records, so a change
// and its entry commit or roll back together.

export interface AuditActor extends RequestClient {
  type: AuditActorType;
  id: string | null;
  /** Who, in words, as of now: the log keeps it even after the user or key is gone. */
  label: string;
}

export interface AuditEntryInput {
  action: AuditAction;
  target?: { type: string; id: string; label?: string | null };
  /** {field: [old, new]}. Field names that could hold a secret are refused outright. */
  changes?: Record<string, [unknown, unknown]>;
}

// A secret must never reach the log. Values are chosen by each call site; this catches a call
// site that passes a field whose name says it is one.
const SECRET_FIELD = /secret|password|token|hash|plaintext/i;

export async function recordAudit(
  db: DbOrTx,
  accountId: string,
  actor: AuditActor,
  entry: AuditEntryInput,
): Promise<void> {
  const changes = entry.changes ?? {};
  const leaking = Object.keys(changes).find((field) => SECRET_FIELD.test(field));
  if (leaking) throw new Error(`audit entry ${entry.action} must not record the field "${leaking}"`);
  await db.insert(auditLogEntries).values({
    id: newId("auditEntry"),
    accountId,
    actorType: actor.type,
    actorId: actor.id,
    actorLabel: actor.label,
    action: entry.action,
    targetType: entry.target?.type ?? null,
    targetId: entry.target?.id ?? null,
    targetLabel: entry.target?.label ?? null,
    changes,
    ip: actor.ip,
    userAgent: actor.userAgent,
  });
}

/** {field: [old, new]} for the fields whose value differs (compared as JSON). */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const field of Object.keys(after) as (keyof T & string)[]) {
    const old = before[field] ?? null;
    const next = after[field] ?? null;
    if (JSON.stringify(old) !== JSON.stringify(next)) changes[field] = [old, next];
  }
  return changes;
}
