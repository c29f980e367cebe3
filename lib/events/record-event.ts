import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { events } from "@/db/schema";
import type { Actor } from "@/lib/activities/record-activity";
import type { AnyEventType, EventType } from "@/lib/domain/enums";
import { newId } from "@/lib/ids/new-id";
import type { EventData } from "@/lib/schemas/events";
import { afterCommit } from "@/lib/query/after-commit";
import { requestDispatch } from "@/lib/webhooks/dispatch/event-dispatcher";
import { traceContextOfChange } from "@/lib/observability/event-trace-context";

// Every event is written through this module, inside the transaction of the change it reports:
// the event row and nothing else. No endpoint is looked up and no job is queued on the write path;
// the dispatcher (lib/webhooks/dispatch/) fans committed events out to the subscribed endpoints,
// in feed order, so a change that rolls back leaves no event and nothing is ever sent about it.

export interface EventFact {
  type: EventType;
  /** The resource's public shape after the change (for a deletion, as it was, `deleted: true`). */
  object: EventData["object"];
  /** Updates: each changed field's value before the change (previousAttributes()). */
  previousAttributes?: Record<string, unknown>;
}

/** Records the event. Call inside the change's transaction (inTransaction, lib/query/after-commit.ts,
 * so this process's dispatcher is asked to fan it out once it commits). */
export async function recordEvent(tx: DbOrTx, accountId: string, actor: Actor, fact: EventFact): Promise<string> {
  const id = await insertEvent(tx, accountId, actor, fact);
  afterCommit(tx, requestDispatch);
  return id;
}

/** The event row alone, of any type: recordEvent, and a test event sent to one endpoint. */
export async function insertEvent(
  tx: DbOrTx,
  accountId: string,
  actor: Actor,
  fact: Omit<EventFact, "type"> & { type: AnyEventType },
): Promise<string> {
  const id = newId("event");
  const data: EventData = { object: fact.object };
  if (fact.previousAttributes) data.previousAttributes = fact.previousAttributes;
  await tx.insert(events).values({
    id,
    accountId,
    type: fact.type,
    objectId: fact.object.id,
    data,
    actorType: actor.type,
    actorId: actor.id,
    actorName: actor.name,
    requestId: actor.requestId ?? null,
    traceContext: traceContextOfChange(),
  });
  return id;
}

/** The event's `data` from an object a statement serialized itself (POST /leads' one statement). */
export const eventDataOfJsonSql = (objectJson: SQLWrapper): SQL<string> =>
  sql<string>`'{"object":' || ${objectJson} || '}'`;

/** The fields of `before` that differ in `after`, with their old values: an update's
 * previousAttributes. `updatedAt` always changes and says nothing, so it is left out. `version`
 * always changes too and is kept: it names the version this change was made on, so a receiver
 * holding exactly that version knows it missed nothing, and one holding an older one knows it did.
 * Callers decide whether anything changed before they write (the UPDATE raises the version). */
export function previousAttributes<T extends object>(before: T, after: T): Record<string, unknown> {
  const previous: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof T & string)[]) {
    if (key === "updatedAt") continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) previous[key] = before[key];
  }
  return previous;
}
