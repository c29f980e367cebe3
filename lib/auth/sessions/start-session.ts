import { and, eq, lte, or } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { userSessions } from "@/db/schema";
import { newId } from "@/lib/ids/new-id";
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from "./session-lifetime";

/** A new session row at sign-in, in the caller's transaction; its id goes into the JWT. The
 * user's sessions already past their absolute or idle end are pruned here, so rows do not pile up. */
export async function startSession(tx: DbOrTx, userId: string, now: Date): Promise<string> {
  const idleSince = new Date(now.getTime() - SESSION_IDLE_MS);
  await tx
    .delete(userSessions)
    .where(
      and(
        eq(userSessions.userId, userId),
        or(lte(userSessions.expiresAt, now), lte(userSessions.lastSeenAt, idleSince)),
      ),
    );
  const id = newId("userSession");
  await tx.insert(userSessions).values({
    id,
    userId,
    expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
    lastSeenAt: now,
    createdAt: now,
  });
  return id;
}
