import type { DbOrTx } from "@/db/client";
import { activities, type ActivityType, type ActorType } from "@/db/schema";
import { newId } from "@/lib/ids/new-id";

export interface Actor {
  type: ActorType;
  id: string | null;
  name: string;
}

export const SYSTEM_ACTOR: Actor = { type: "system", id: null, name: "System" };

// Call inside the transaction of the change it records: both commit or neither.
export async function recordActivity(
  tx: DbOrTx,
  input: {
    accountId: string;
    leadId: string;
    type: ActivityType;
    summary: string;
    data?: Record<string, unknown>;
    actor: Actor;
  },
): Promise<string> {
  const id = newId("activity");
  await tx.insert(activities).values({
    id,
    accountId: input.accountId,
    leadId: input.leadId,
    type: input.type,
    summary: input.summary,
    data: input.data ?? {},
    actorType: input.actor.type,
    actorId: input.actor.id,
    actorName: input.actor.name,
  });
  return id;
}
