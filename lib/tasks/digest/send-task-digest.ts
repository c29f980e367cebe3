import { and, asc, eq, gte, lt } from "drizzle-orm";
import { DateTime } from "luxon";
import { getDb } from "@/db/client";
import { leads, taskDigests, tasks } from "@/db/schema";
import { getMailSender, isLocalMail } from "@/lib/mail/get-mail-sender";
import { mailLinkBase } from "@/lib/mail/mail-link-base";
import type { DigestAgent } from "./agents-due-a-digest";
import { taskDigestEmail } from "./task-digest-mail";

/** Links point to NEXTAUTH_URL; the local outbox, read on this machine, takes a path alone. */
function tasksLink(): string {
  const base = isLocalMail() && !process.env.NEXTAUTH_URL ? "" : mailLinkBase(null);
  return `${base.replace(/\/+$/, "")}/tasks?when=today`;
}

/**
 * One agent-day's digest, at most once. The (account, user, day) row is claimed first, in its own
 * statement: of two workers (or a retry racing the first run), one inserts it and the other finds
 * it and sends nothing. The day's open tasks are read after the claim, so a task created later
 * that day is in no digest: it was due before it was created, and nothing reminds of it twice.
 * A day with no task claims its row all the same and sends nothing, so a task added at noon does
 * not set off a digest then. If the send fails, the claim is given back for the job's retry; a
 * process killed between the claim and the send skips that day (never twice beats maybe twice).
 * Answers whether a mail went out.
 */
export async function sendTaskDigest(agent: DigestAgent): Promise<boolean> {
  const db = await getDb();
  const key = and(
    eq(taskDigests.accountId, agent.accountId),
    eq(taskDigests.userId, agent.userId),
    eq(taskDigests.day, agent.day),
  );
  const [claim] = await db
    .insert(taskDigests)
    .values({ accountId: agent.accountId, userId: agent.userId, day: agent.day, taskCount: 0 })
    .onConflictDoNothing()
    .returning({ day: taskDigests.day });
  if (!claim) return false;

  const start = DateTime.fromISO(agent.day, { zone: agent.timeZone }).startOf("day");
  const dayTasks = await db
    .select({ title: tasks.title, type: tasks.type, dueAt: tasks.dueAt, leadName: leads.name })
    .from(tasks)
    .leftJoin(leads, eq(leads.id, tasks.leadId))
    .where(
      and(
        eq(tasks.accountId, agent.accountId),
        eq(tasks.assignedTo, agent.userId),
        eq(tasks.status, "open"),
        gte(tasks.dueAt, start.toJSDate()),
        lt(tasks.dueAt, start.plus({ days: 1 }).toJSDate()),
      ),
    )
    .orderBy(asc(tasks.dueAt), asc(tasks.id));
  if (dayTasks.length === 0) return false;
  try {
    await getMailSender().send(taskDigestEmail(agent, dayTasks, tasksLink()));
  } catch (error) {
    await db.delete(taskDigests).where(key);
    throw error;
  }
  await db.update(taskDigests).set({ taskCount: dayTasks.length }).where(key);
  return true;
}
