import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { accounts, auditLogEntries, leads, smsMessages } from "@/db/schema";
import { newId } from "@/lib/ids/new-id";
import { jobExecutor } from "@/lib/jobs/job-executor";
import { createQueues } from "@/lib/jobs/start-workers";
import { sendScheduledSmsQueue } from "@/lib/jobs/workers/send-scheduled-sms";
import type { Job } from "@/lib/jobs/define-queue";
import type { SendScheduledSmsJob } from "@/lib/sms/quiet-hours/send-scheduled-sms";
import { callApi, createTenant, type TestTenant } from "../../helpers/api";
import type { DataBody, ErrorBody, Lead, LeadWithActivities, Sms } from "../../helpers/api-bodies";
import { limitThroughRealRedis } from "./setup-api-tests";

// Quiet hours with a controlled clock: only Date is faked, so pg-boss, Redis and the database
// keep their own timers. The account's zone is America/New_York (the default); a +1 number's zone
// comes from its area code, so the leads here have a Manhattan (212) number unless a test says.

limitThroughRealRedis();

beforeAll(async () => {
  await createQueues();
});
afterEach(() => {
  vi.useRealTimers();
});

function at(iso: string) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(iso));
}

async function tenant(settings: { smsQuietHours?: boolean; timezone?: string } = {}): Promise<TestTenant> {
  const t = await createTenant();
  const db = await getDb();
  await db
    .update(accounts)
    .set({ smsQuietHours: true, ...settings })
    .where(eq(accounts.id, t.accountId));
  return t;
}

async function lead(t: TestTenant, timezone: string | null = null, phone = "+12125550142"): Promise<Lead> {
  return (
    await callApi<DataBody<Lead>>("POST", "/api/v1/leads", {
      key: t.key,
      body: { name: "Night", phone, ...(timezone && { timezone }) },
    })
  ).body.data;
}

const send = (t: TestTenant, leadId: string, body: object) =>
  callApi<DataBody<Sms>>("POST", `/api/v1/leads/${leadId}/sms`, { key: t.key, body: { message: "Hi", ...body } });

const runJob = (data: SendScheduledSmsJob) =>
  sendScheduledSmsQueue.handler([{ id: "test", name: sendScheduledSmsQueue.name, data } as Job<SendScheduledSmsJob>]);

// Sorted: activities are ordered by time, and the faked clock writes some of them in the past.
const activityTypes = async (t: TestTenant, leadId: string) =>
  (await callApi<DataBody<LeadWithActivities>>("GET", `/api/v1/leads/${leadId}`, { key: t.key })).body.data.activities
    .map((a) => a.type)
    .sort();

async function storedJob(smsId: string) {
  const db = await getDb();
  const { rows } = await jobExecutor(db).executeSql(
    "select start_after from pgboss.job where name = $1 and data->>'smsId' = $2",
    [sendScheduledSmsQueue.name, smsId],
  );
  return rows as { start_after: Date }[];
}

describe("quiet hours", () => {
  it("a send at 22:30 in the lead's zone is 202 scheduled for 08:00, and the job sends it then", async () => {
    const t = await tenant();
    const l = await lead(t);
    at("2026-11-24T03:30:00Z"); // 22:30 EST
    const res = await send(t, l.id, {});
    expect(res.status).toBe(202);
    expect(res.body.data).toMatchObject({ status: "scheduled", sendAt: "2026-11-24T13:00:00.000Z" });
    const jobs = await storedJob(res.body.data.id);
    expect(jobs).toHaveLength(1);
    expect(new Date(jobs[0].start_after).toISOString()).toBe("2026-11-24T13:00:00.000Z");
    expect(await activityTypes(t, l.id)).toEqual(["lead_created", "sms_scheduled"]);

    at("2026-11-24T13:00:00Z");
    await runJob({ smsId: res.body.data.id, accountId: t.accountId });
    await runJob({ smsId: res.body.data.id, accountId: t.accountId }); // at-least-once: a second run sends nothing
    const read = await callApi<DataBody<Sms>>("GET", `/api/v1/leads/${l.id}/sms/${res.body.data.id}`, { key: t.key });
    expect(read.body.data.status).toBe("sent");
    // Sent, it is first contact: the New lead moves to Contacted then, not when it was scheduled.
    expect(await activityTypes(t, l.id)).toEqual(["lead_created", "lead_status_changed", "sms_scheduled", "sms_sent"]);
  });

  it("a cancel before then stops it; a cancel after it was sent is 409", async () => {
    const t = await tenant();
    const l = await lead(t);
    at("2026-11-24T03:30:00Z");
    const scheduled = (await send(t, l.id, {})).body.data;
    const cancel = await callApi<DataBody<Sms>>("DELETE", `/api/v1/leads/${l.id}/sms/${scheduled.id}`, { key: t.key });
    expect(cancel.status).toBe(200);
    expect(cancel.body.data).toMatchObject({ id: scheduled.id, status: "cancelled" });
    at("2026-11-24T13:00:00Z");
    await runJob({ smsId: scheduled.id, accountId: t.accountId });
    const db = await getDb();
    const [row] = await db.select().from(smsMessages).where(eq(smsMessages.id, scheduled.id));
    expect(row.status).toBe("cancelled");
    expect(await activityTypes(t, l.id)).toEqual(["lead_created", "sms_cancelled", "sms_scheduled"]);

    const sent = (await send(t, l.id, {})).body.data; // 08:00: inside the window
    expect(sent.status).toBe("sent");
    const late = await callApi<ErrorBody>("DELETE", `/api/v1/leads/${l.id}/sms/${sent.id}`, { key: t.key });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe("sms_not_scheduled");
  });

  it("does not send to a lead who opted out after the text was scheduled", async () => {
    const t = await tenant();
    const l = await lead(t);
    at("2026-11-24T03:30:00Z");
    const scheduled = (await send(t, l.id, {})).body.data;
    const db = await getDb();
    await db.update(leads).set({ smsOptOut: true }).where(eq(leads.id, l.id));
    await runJob({ smsId: scheduled.id, accountId: t.accountId });
    const [row] = await db.select().from(smsMessages).where(eq(smsMessages.id, scheduled.id));
    expect(row).toMatchObject({ status: "failed", error: "the lead opted out before the scheduled send" });
  });

  it("gets 08:00 right on DST change days", async () => {
    const t = await tenant();
    const l = await lead(t);
    at("2026-11-01T02:30:00Z"); // 22:30 EDT on Oct 31; the next 08:00 is EST
    expect((await send(t, l.id, {})).body.data.sendAt).toBe("2026-11-01T13:00:00.000Z");
    at("2026-03-08T03:30:00Z"); // 22:30 EST on Mar 7; the next 08:00 is EDT
    expect((await send(t, l.id, {})).body.data.sendAt).toBe("2026-03-08T12:00:00.000Z");
  });

  it("reads the lead's own zone, not the account's", async () => {
    const t = await tenant({ timezone: "America/New_York" });
    const l = await lead(t, "America/Los_Angeles");
    at("2026-11-24T03:30:00Z"); // 22:30 in New York, 19:30 in Los Angeles: open
    expect((await send(t, l.id, {})).status).toBe(201);
    at("2026-11-24T06:30:00Z"); // 22:30 in Los Angeles
    const res = await send(t, l.id, {});
    expect(res.status).toBe(202);
    expect(res.body.data.sendAt).toBe("2026-11-24T16:00:00.000Z"); // 08:00 PST
  });

  it("quiet hours off: sends at once", async () => {
    const t = await tenant({ smsQuietHours: false });
    const l = await lead(t);
    at("2026-11-24T03:30:00Z");
    const res = await send(t, l.id, {});
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ status: "sent", sendAt: null });
  });

  it("ignoreQuietHours: refused without a message from the lead in 24 hours, allowed and audited with one", async () => {
    const t = await tenant();
    const l = await lead(t);
    at("2026-11-24T03:30:00Z");
    const refused = await callApi<ErrorBody>("POST", `/api/v1/leads/${l.id}/sms`, {
      key: t.key,
      body: { message: "Hi", ignoreQuietHours: true },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe("quiet_hours_override_not_allowed");

    const db = await getDb();
    await db.insert(smsMessages).values({
      id: newId("sms"),
      accountId: t.accountId,
      leadId: l.id,
      direction: "inbound",
      to: "+15005550006",
      from: "+12125550142",
      message: "Are you free tomorrow?",
      status: "received",
      provider: "log",
      createdAt: new Date("2026-11-24T03:00:00Z"),
    });
    const allowed = await send(t, l.id, { ignoreQuietHours: true });
    expect(allowed.status).toBe(201);
    expect(allowed.body.data.status).toBe("sent");
    const audit = await db
      .select()
      .from(auditLogEntries)
      .where(and(eq(auditLogEntries.accountId, t.accountId), eq(auditLogEntries.action, "sms.quiet_hours_overridden")));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorType: "api_key", actorId: t.keyId, targetId: allowed.body.data.id });
  });

  it("sendAt schedules explicitly, is moved out of quiet hours, and must be in the future", async () => {
    const t = await tenant();
    const l = await lead(t);
    at("2026-11-24T15:00:00Z"); // 10:00 EST: open
    const later = await send(t, l.id, { sendAt: "2026-11-24T19:00:00Z" });
    expect(later.status).toBe(202);
    expect(later.body.data).toMatchObject({ status: "scheduled", sendAt: "2026-11-24T19:00:00.000Z" });
    const night = await send(t, l.id, { sendAt: "2026-11-25T04:00:00Z" }); // 23:00 EST
    expect(night.body.data.sendAt).toBe("2026-11-25T13:00:00.000Z");
    const past = await callApi<ErrorBody>("POST", `/api/v1/leads/${l.id}/sms`, {
      key: t.key,
      body: { message: "Hi", sendAt: "2026-11-24T14:00:00Z" },
    });
    expect(past.status).toBe(400);
    expect(past.body.error.code).toBe("validation_error");
  });
});

// Issue 31, finding 6b: a +1 number without a stored zone fell back to the agency's zone.
describe("a +1 number's zone comes from its area code (issue 31, finding 6b)", () => {
  it("a (415) lead of a New York agency is texted at 20:36 Pacific, and held at 21:30 Pacific", async () => {
    const t = await tenant({ timezone: "America/New_York" });
    const l = await lead(t, null, "+14155550142");
    at("2026-11-25T04:36:00Z"); // 20:36 PST, 23:36 EST: it was held until 08:00 Eastern
    const evening = await send(t, l.id, {});
    expect(evening.status).toBe(201);
    expect(evening.body.data).toMatchObject({ status: "sent", sendAt: null });
    at("2026-11-25T05:30:00Z"); // 21:30 PST
    const late = await send(t, l.id, {});
    expect(late.status).toBe(202);
    expect(late.body.data.sendAt).toBe("2026-11-25T16:00:00.000Z"); // 08:00 PST
  });

  it("08:00 Eastern to a Pacific number (05:00 there) is held until 08:00 Pacific", async () => {
    const t = await tenant({ timezone: "America/New_York" });
    const l = await lead(t, null, "+14155550143");
    at("2026-11-24T13:00:00Z"); // 08:00 EST, 05:00 PST: it went out at once
    const res = await send(t, l.id, {});
    expect(res.status).toBe(202);
    expect(res.body.data).toMatchObject({ status: "scheduled", sendAt: "2026-11-24T16:00:00.000Z" });
  });

  it("an area code that spans zones waits for the latest one's 08:00, and stops at the earliest one's 21:00", async () => {
    const t = await tenant({ timezone: "America/New_York" });
    const l = await lead(t, null, "+16055550144"); // (605) South Dakota: Mountain and Central
    at("2026-11-24T14:30:00Z"); // 07:30 MST, 08:30 CST (09:30 in New York)
    const morning = await send(t, l.id, {});
    expect(morning.status).toBe(202);
    expect(morning.body.data.sendAt).toBe("2026-11-24T15:00:00.000Z"); // 08:00 MST
    at("2026-11-25T03:30:00Z"); // 20:30 MST, 21:30 CST
    const night = await send(t, l.id, {});
    expect(night.status).toBe(202);
    expect(night.body.data.sendAt).toBe("2026-11-25T15:00:00.000Z");
    at("2026-11-24T20:00:00Z"); // 13:00 MST, 14:00 CST
    expect((await send(t, l.id, {})).status).toBe(201);
  });

  it("the lead's stored zone wins over the area code", async () => {
    const t = await tenant({ timezone: "America/New_York" });
    const l = await lead(t, "America/New_York", "+14155550145"); // moved east, kept the number
    at("2026-11-25T04:36:00Z"); // 23:36 EST, 20:36 PST
    const res = await send(t, l.id, {});
    expect(res.status).toBe(202);
    expect(res.body.data.sendAt).toBe("2026-11-25T13:00:00.000Z"); // 08:00 EST
  });
});

describe("the lead's timezone field", () => {
  it("takes an IANA name, refuses another, and null clears it; quiet hours then read it", async () => {
    const t = await tenant();
    const l = await lead(t);
    expect(l.timezone).toBeNull();
    const bad = await callApi<ErrorBody>("PATCH", `/api/v1/leads/${l.id}`, {
      key: t.key,
      body: { timezone: "Mars/Olympus" },
    });
    expect(bad.status).toBe(400);
    const set = await callApi<DataBody<Lead>>("PATCH", `/api/v1/leads/${l.id}`, {
      key: t.key,
      body: { timezone: "Europe/London" },
    });
    expect(set.body.data.timezone).toBe("Europe/London");
    at("2026-11-24T22:30:00Z"); // 22:30 in London, 17:30 in New York
    expect((await send(t, l.id, {})).body.data.sendAt).toBe("2026-11-25T08:00:00.000Z");
    vi.useRealTimers();
    const cleared = await callApi<DataBody<Lead>>("PATCH", `/api/v1/leads/${l.id}`, {
      key: t.key,
      body: { timezone: null },
    });
    expect(cleared.body.data.timezone).toBeNull();
  });
});
