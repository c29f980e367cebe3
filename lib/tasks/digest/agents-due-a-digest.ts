import { and, eq, gte } from "drizzle-orm";
import { DateTime } from "luxon";
import { getDb } from "@/db/client";
import { accounts, memberships, taskDigests, users } from "@/db/schema";

/** The hour, in each agent's own zone, from which the day's digest goes out. */
const DIGEST_HOUR = 8;

export interface DigestAgent {
  accountId: string;
  userId: string;
  name: string;
  email: string;
  timeZone: string;
  /** The agent's calendar day the digest covers (YYYY-MM-DD in their zone). */
  day: string;
}

/**
 * The active members whose morning has come (08:00 or later in their zone: the user's own, else
 * the account's) and whose digest for that day has not been claimed yet. The zone math is luxon's
 * (DST included), as the web UI's is; the claims already made are read for the last two days,
 * the only ones a member's "today" can be anywhere on Earth.
 */
export async function agentsDueADigest(now: Date): Promise<DigestAgent[]> {
  const db = await getDb();
  const members = await db
    .select({
      accountId: memberships.accountId,
      userId: users.id,
      name: users.name,
      email: users.email,
      userZone: users.timezone,
      accountZone: accounts.timezone,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(eq(memberships.active, true));
  const since = DateTime.fromJSDate(now, { zone: "UTC" }).minus({ days: 2 }).toISODate()!;
  const claimed = await db
    .select({ accountId: taskDigests.accountId, userId: taskDigests.userId, day: taskDigests.day })
    .from(taskDigests)
    .where(and(gte(taskDigests.day, since)));
  const done = new Set(claimed.map((c) => `${c.accountId} ${c.userId} ${c.day}`));
  const due: DigestAgent[] = [];
  for (const { userZone, accountZone, ...member } of members) {
    const timeZone = userZone ?? accountZone;
    const local = DateTime.fromJSDate(now).setZone(timeZone);
    if (!local.isValid || local.hour < DIGEST_HOUR) continue;
    const day = local.toISODate()!;
    if (done.has(`${member.accountId} ${member.userId} ${day}`)) continue;
    due.push({ ...member, timeZone, day });
  }
  return due;
}
