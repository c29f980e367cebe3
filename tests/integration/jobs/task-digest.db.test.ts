import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { mailOutbox, taskDigests, users } from "@/db/schema";
import { userActor } from "@/lib/activities/user-actor";
import { createQueues } from "@/lib/jobs/start-workers";
import { getBoss } from "@/lib/jobs/boss";
import { sendTaskDigestsQueue } from "@/lib/jobs/workers/send-task-digests";
import { createTask } from "@/lib/tasks/create-task";
import { agentsDueADigest, type DigestAgent } from "@/lib/tasks/digest/agents-due-a-digest";
import { sendTaskDigest } from "@/lib/tasks/digest/send-task-digest";
import { updateTask } from "@/lib/tasks/update-task";
import { agencyWithStaff, type Agency } from "../web/web-fixtures";

// The morning digest (issue 34): at 08:00 in each agent's own zone, the day's open tasks, once per
// agent-day however many workers run the pass; nothing for a task created after it went out.

let a: Agency;
const TOKYO = "Asia/Tokyo";

async function mailsTo(email: string) {
  const db = await getDb();
  return db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
}

const task = (title: string, dueAt: string, assignedTo = a.staff.userId, leadId?: string) =>
  createTask(a.accountId, { title, dueAt, assignedTo, leadId }, userActor(a.owner), async () => a.owner.userId);

/** This account's agents due a digest at `now` (the pass reads every account's). */
const dueHere = async (now: string) =>
  (await agentsDueADigest(new Date(now))).filter((agent) => agent.accountId === a.accountId);

beforeAll(async () => {
  a = await agencyWithStaff("Digest Realty");
  // The staff agent reads times in Tokyo (UTC+9, no DST); the owner in the account's New York.
  await (await getDb()).update(users).set({ timezone: TOKYO }).where(eq(users.id, a.staff.userId));
});

afterEach(() => {
  delete process.env.SMTP_URL;
  delete process.env.MAIL_FROM;
});

describe(`task digest on ${process.env.TEST_DB_ENGINE ?? "postgres"}`, () => {
  it("is due from 08:00 in each agent's own zone, until that day's digest is claimed", async () => {
    const dueDay = async (userId: string, now: string) =>
      (await dueHere(now)).find((agent) => agent.userId === userId)?.day ?? null;
    // 07:59 in Tokyo is 22:59 UTC the day before; 08:00 is 23:00.
    expect(await dueDay(a.staff.userId, "2031-05-05T22:59:00.000Z")).toBeNull();
    expect(await dueDay(a.staff.userId, "2031-05-05T23:00:00.000Z")).toBe("2031-05-06");
    // The owner reads New York (the account's zone): 07:59 EDT is 11:59 UTC, 08:00 EDT is 12:00.
    expect(await dueDay(a.owner.userId, "2031-05-06T11:59:00.000Z")).toBeNull();
    expect(await dueDay(a.owner.userId, "2031-05-06T12:00:00.000Z")).toBe("2031-05-06");
    expect(await dueDay(a.owner.userId, "2031-05-07T03:59:00.000Z")).toBe("2031-05-06");
    // Claimed: not due again that day.
    const db = await getDb();
    await db
      .insert(taskDigests)
      .values({ accountId: a.accountId, userId: a.owner.userId, day: "2031-05-06", taskCount: 0 });
    expect(await dueDay(a.owner.userId, "2031-05-06T15:00:00.000Z")).toBeNull();
  });

  it("lists the day's open tasks in the agent's zone, once per agent-day even from two workers at once", async () => {
    await task("Call Ada", "2031-06-01T01:30:00.000Z"); // 10:30 in Tokyo on 06-01
    await task("Showing at Maple Ave", "2031-06-01T06:00:00.000Z"); // 15:00
    await task("Yesterday's", "2031-05-31T14:59:00.000Z"); // 23:59 on 05-31
    await task("Tomorrow's", "2031-06-01T15:00:00.000Z"); // 00:00 on 06-02
    await task("The owner's", "2031-06-01T02:00:00.000Z", a.owner.userId);
    const done = await task("Done already", "2031-06-01T02:30:00.000Z");
    await updateTask(a.accountId, done.id, { status: "done" }, userActor(a.staff), async () => a.staff.userId);

    const [agent] = (await dueHere("2031-05-31T23:05:00.000Z")).filter((x) => x.userId === a.staff.userId);
    expect(agent.day).toBe("2031-06-01");
    const results = await Promise.all([sendTaskDigest(agent), sendTaskDigest(agent), sendTaskDigest(agent)]);
    expect(results.filter(Boolean)).toHaveLength(1);

    const mails = (await mailsTo(a.staff.email)).filter((m) => m.text.includes("Sunday 1 June"));
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe("Your tasks today: 2 tasks");
    const lines = mails[0].text.split("\n");
    expect(lines).toContain("10:30 GMT+9  Call Ada");
    expect(lines).toContain("15:00 GMT+9  Showing at Maple Ave");
    expect(mails[0].text).not.toMatch(/Yesterday's|Tomorrow's|The owner's|Done already/);

    // A task created after the digest, due the same day, reminds of nothing: the day is claimed.
    await task("Added at noon", "2031-06-01T07:00:00.000Z");
    expect((await dueHere("2031-06-01T03:00:00.000Z")).some((x) => x.userId === a.staff.userId)).toBe(false);
    expect(await sendTaskDigest(agent)).toBe(false);
    expect((await mailsTo(a.staff.email)).filter((m) => m.text.includes("Sunday 1 June"))).toHaveLength(1);
    const db = await getDb();
    const [claim] = await db
      .select()
      .from(taskDigests)
      .where(and(eq(taskDigests.userId, a.staff.userId), eq(taskDigests.day, "2031-06-01")));
    expect(claim.taskCount).toBe(2);
  });

  it("a day with no task claims the day and sends nothing; a failed send gives the claim back", async () => {
    const empty: DigestAgent = { ...(await agentFor("2031-07-01")), day: "2031-07-01" };
    expect(await sendTaskDigest(empty)).toBe(false);
    await task("Added later", "2031-07-01T05:00:00.000Z");
    expect(await sendTaskDigest(empty)).toBe(false);
    expect((await mailsTo(a.staff.email)).filter((m) => m.text.includes("Added later"))).toEqual([]);

    await task("Call Bo", "2031-07-02T01:00:00.000Z");
    const agent: DigestAgent = { ...empty, day: "2031-07-02" };
    // A mail server that refuses the connection.
    process.env.SMTP_URL = "smtp://127.0.0.1:1";
    process.env.MAIL_FROM = "LeadProp <digest@leadprop.test>";
    await expect(sendTaskDigest(agent)).rejects.toThrow();
    delete process.env.SMTP_URL;
    delete process.env.MAIL_FROM;
    // The retry sends it: the failed run claimed nothing for good.
    expect(await sendTaskDigest(agent)).toBe(true);
    expect((await mailsTo(a.staff.email)).filter((m) => m.text.includes("Call Bo"))).toHaveLength(1);
  });

  it("is a pg-boss cron schedule of its queue, every quarter hour in UTC", async () => {
    await createQueues([sendTaskDigestsQueue]);
    const schedules = await (await getBoss()).getSchedules(sendTaskDigestsQueue.name);
    expect(schedules).toEqual([
      expect.objectContaining({ name: "send-task-digests", cron: "*/15 * * * *", timezone: "UTC" }),
    ]);
  });
});

async function agentFor(day: string): Promise<DigestAgent> {
  return {
    accountId: a.accountId,
    userId: a.staff.userId,
    name: a.staff.name,
    email: a.staff.email,
    timeZone: TOKYO,
    day,
  };
}
