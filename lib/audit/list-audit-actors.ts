import { desc, eq, max, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { auditLogEntries } from "@/db/schema";
import type { AuditActorType } from "./audit-actions";

export interface AuditActorOption {
  type: AuditActorType;
  id: string | null;
  label: string;
}

// Enough for any agency's people and keys; the busiest come first.
const MAX_ACTORS = 200;

/** The actor filter's choices: everyone in the account's log, including users and keys that are
 * gone since, named as their latest entry names them. */
export async function listAuditActors(accountId: string): Promise<AuditActorOption[]> {
  const db = await getDb();
  const latest = max(auditLogEntries.occurredAt);
  return db
    .select({
      type: auditLogEntries.actorType,
      id: auditLogEntries.actorId,
      label: sql<string>`(array_agg(${auditLogEntries.actorLabel} order by ${auditLogEntries.occurredAt} desc))[1]`,
    })
    .from(auditLogEntries)
    .where(eq(auditLogEntries.accountId, accountId))
    .groupBy(auditLogEntries.actorType, auditLogEntries.actorId)
    .orderBy(desc(latest))
    .limit(MAX_ACTORS);
}
