import type { events } from "@/db/schema";
import { newId } from "@/lib/ids/new-id";

/** An event row of `accountId` written `ageMs` ago (a system's lead.deleted, nothing else in it):
 * what housekeeping's expiry tests age past, or keep under, the 30 days events are kept. */
export const agedEvent = (accountId: string, ageMs: number): typeof events.$inferInsert => ({
  id: newId("event"),
  accountId,
  type: "lead.deleted",
  objectId: "lead_x",
  data: { object: { id: "lead_x" } } as never,
  actorType: "system",
  actorName: "test",
  createdAt: new Date(Date.now() - ageMs),
});
