import { beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { activities, events, leads, smsMessages } from "@/db/schema";
import { createQueues } from "@/lib/jobs/start-workers";
import { sendScheduledSms } from "@/lib/sms/quiet-hours/send-scheduled-sms";
import { callApi, createTenant, type TestTenant } from "../../helpers/api";
import type { DataBody, ErrorBody, Lead } from "../../helpers/api-bodies";
import { limitThroughRealRedis } from "./setup-api-tests";

// The lead's SMS consent record, written through POST/PATCH /leads, the intake and the batch:
// validated, dated, each change an sms_consent_changed activity with the whole record before
// and after; a STOP the lead sent cannot be overridden by a "granted"; a revoked record is
// never texted.

limitThroughRealRedis();

// A scheduled send enqueues its job: the queues must exist.
beforeAll(async () => {
  await createQueues();
});

const UNKNOWN = { status: "unknown", at: null, source: null, text: null, ip: null };
const WORDS = "I agree to receive texts from Harbor Realty about my inquiry. Reply STOP to stop.";

async function consentActivities(leadId: string) {
  const db = await getDb();
  return db
    .select({ type: activities.type, data: activities.data, actorType: activities.actorType })
    .from(activities)
    .where(and(eq(activities.leadId, leadId), eq(activities.type, "sms_consent_changed")))
    .orderBy(asc(activities.createdAt), asc(activities.id));
}

const createLead = (t: TestTenant, body: object) =>
  callApi<DataBody<Lead> | ErrorBody>("POST", "/api/v1/leads", { key: t.key, body: { name: "Consent", ...body } });
const patchLead = (t: TestTenant, id: string, body: object) =>
  callApi<DataBody<Lead> | ErrorBody>("PATCH", `/api/v1/leads/${id}`, { key: t.key, body });

describe("lead consent through the API", () => {
  it("POST with a consent records it, dated now, with its activity from unknown", async () => {
    const t = await createTenant();
    const before = Date.now();
    const res = await createLead(t, {
      phone: "+14155550101",
      consent: { sms: { status: "granted", source: "web form", text: WORDS, ip: "203.0.113.7" } },
    });
    expect(res.status).toBe(201);
    const lead = (res.body as DataBody<Lead>).data;
    expect(lead.consent.sms).toMatchObject({ status: "granted", source: "web form", text: WORDS, ip: "203.0.113.7" });
    expect(Date.parse(lead.consent.sms.at!)).toBeGreaterThanOrEqual(before - 1000);
    const history = await consentActivities(lead.id);
    expect(history).toHaveLength(1);
    expect(history[0].data).toEqual({ changes: { "consent.sms": [UNKNOWN, lead.consent.sms] } });
    // GET answers the same record (written by PostgreSQL).
    const got = await callApi<DataBody<Lead>>("GET", `/api/v1/leads/${lead.id}`, { key: t.key });
    expect(got.body.data.consent).toEqual(lead.consent);
  });

  it("keeps the time it was given and writes no consent activity for a lead created without one", async () => {
    const t = await createTenant();
    const given = await createLead(t, { consent: { sms: { status: "granted", at: "2026-01-05T10:00:00+01:00" } } });
    expect((given.body as DataBody<Lead>).data.consent.sms.at).toBe("2026-01-05T09:00:00.000Z");
    const plain = (await createLead(t, {})).body as DataBody<Lead>;
    expect(plain.data.consent.sms).toEqual(UNKNOWN);
    expect(await consentActivities(plain.data.id)).toHaveLength(0);
  });

  it.each([
    [{ sms: { status: "granted", at: new Date(Date.now() + 3_600_000).toISOString() } }, "consent.sms.at"],
    [{ sms: { status: "granted", ip: "not-an-ip" } }, "consent.sms.ip"],
    [{ sms: { status: "maybe" } }, "consent.sms.status"],
    [{ sms: { status: "granted", source: "x".repeat(201) } }, "consent.sms.source"],
    [{ sms: { status: "granted", extra: 1 } }, "consent.sms.extra"],
    [{ sms: { status: "unknown", source: "web form" } }, "consent.sms"],
    [{ email: { status: "granted" } }, "consent.email"],
  ])("refuses %j with 400 naming %s, and writes nothing", async (consent, path) => {
    const t = await createTenant();
    const res = await createLead(t, { consent });
    expect(res.status).toBe(400);
    const error = (res.body as ErrorBody).error;
    expect(error.code).toBe("validation_error");
    expect(error.details?.map((d) => d.path)).toContain(path);
    const db = await getDb();
    expect(await db.select().from(leads).where(eq(leads.accountId, t.accountId))).toHaveLength(0);
  });

  it("PATCH changes the record: one sms_consent_changed (old, new), one lead.updated, no lead_updated", async () => {
    const t = await createTenant();
    const lead = (
      (await createLead(t, { consent: { sms: { status: "granted", source: "web form" } } })).body as DataBody<Lead>
    ).data;
    const res = await patchLead(t, lead.id, {
      consent: { sms: { status: "revoked", source: "verbal", text: "Please stop texting me" } },
    });
    expect(res.status).toBe(200);
    const after = (res.body as DataBody<Lead>).data;
    expect(after.consent.sms).toMatchObject({
      status: "revoked",
      source: "verbal",
      text: "Please stop texting me",
      ip: null,
    });
    const history = await consentActivities(lead.id);
    expect(history.map((a) => a.data)).toEqual([
      { changes: { "consent.sms": [UNKNOWN, lead.consent.sms] } },
      { changes: { "consent.sms": [lead.consent.sms, after.consent.sms] } },
    ]);
    const db = await getDb();
    const updated = await db
      .select({ type: activities.type })
      .from(activities)
      .where(and(eq(activities.leadId, lead.id), eq(activities.type, "lead_updated")));
    expect(updated).toHaveLength(0);
    const [event] = await db
      .select({ data: events.data })
      .from(events)
      .where(and(eq(events.objectId, lead.id), eq(events.type, "lead.updated")));
    expect(event.data).toMatchObject({
      object: { consent: after.consent },
      previousAttributes: { consent: lead.consent },
    });
  });

  it("resending the same record without a time changes nothing", async () => {
    const t = await createTenant();
    const consent = { sms: { status: "granted", source: "web form", text: WORDS } };
    const lead = ((await createLead(t, { consent })).body as DataBody<Lead>).data;
    const again = await patchLead(t, lead.id, { consent });
    expect((again.body as DataBody<Lead>).data).toEqual(lead);
    expect(await consentActivities(lead.id)).toHaveLength(1);
  });

  it("a revoked record is never texted, whatever the account's require-consent setting", async () => {
    const t = await createTenant();
    const lead = (
      (await createLead(t, { phone: "+14155550102", consent: { sms: { status: "revoked" } } })).body as DataBody<Lead>
    ).data;
    const res = await callApi<ErrorBody>("POST", `/api/v1/leads/${lead.id}/sms`, {
      key: t.key,
      body: { message: "Hi" },
    });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe("consent_required");
    expect(res.body.error.message).toMatch(/revoked/);
  });

  it("a text scheduled before the lead revoked consent is not sent", async () => {
    const t = await createTenant();
    const lead = ((await createLead(t, { phone: "+14155550103" })).body as DataBody<Lead>).data;
    const sendAt = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await callApi<DataBody<{ id: string; status: string }>>("POST", `/api/v1/leads/${lead.id}/sms`, {
      key: t.key,
      body: { message: "Open house Saturday", sendAt },
    });
    expect(scheduled.status).toBe(202);
    await patchLead(t, lead.id, { consent: { sms: { status: "revoked", source: "verbal" } } });
    await sendScheduledSms({ smsId: scheduled.body.data.id, accountId: t.accountId });
    const db = await getDb();
    const [sms] = await db.select().from(smsMessages).where(eq(smsMessages.id, scheduled.body.data.id));
    expect(sms).toMatchObject({
      status: "failed",
      error: "the lead's SMS consent no longer allows the scheduled send",
    });
  });

  it("after the lead's STOP, granting is refused with 409 opt_out_by_recipient; the record stays", async () => {
    const t = await createTenant();
    const lead = ((await createLead(t, { phone: "+14155550104" })).body as DataBody<Lead>).data;
    const stopped = {
      status: "revoked" as const,
      at: new Date().toISOString(),
      source: "SMS reply STOP",
      text: "STOP",
      ip: null,
    };
    const db = await getDb();
    await db
      .update(leads)
      .set({ smsOptOut: true, smsOptOutByRecipient: true, consent: { sms: stopped } })
      .where(eq(leads.id, lead.id));
    const res = await patchLead(t, lead.id, { consent: { sms: { status: "granted", source: "verbal" } } });
    expect(res.status).toBe(409);
    expect((res.body as ErrorBody).error.code).toBe("opt_out_by_recipient");
    const [row] = await db.select({ consent: leads.consent }).from(leads).where(eq(leads.id, lead.id));
    expect(row.consent.sms).toEqual(stopped);
  });
});

describe("lead consent through the intake and the batch", () => {
  it("intake: a new lead gets the inquiry's consent; a matched one takes the newer word", async () => {
    const t = await createTenant();
    const intake = (body: object) =>
      callApi<{ data: Lead; matched: string | null }>("POST", "/api/v1/leads/intake", {
        key: t.key,
        body: { name: "Intake", email: "ada@example.com", ...body },
      });
    const created = await intake({
      consent: { sms: { status: "granted", source: "web form", text: WORDS, ip: "2001:db8::1" } },
    });
    expect(created.status).toBe(201);
    expect(created.body.data.consent.sms).toMatchObject({ status: "granted", ip: "2001:db8::1" });
    const revoked = await intake({ consent: { sms: { status: "revoked", source: "web form" } } });
    expect(revoked.status).toBe(200);
    expect(revoked.body.data.consent.sms).toMatchObject({ status: "revoked", source: "web form" });
    expect(await consentActivities(created.body.data.id)).toHaveLength(2);
  });

  it("intake: a granted inquiry does not override the lead's STOP, and the inquiry is kept", async () => {
    const t = await createTenant();
    const lead = ((await createLead(t, { email: "bob@example.com" })).body as DataBody<Lead>).data;
    const db = await getDb();
    const stopped = {
      status: "revoked" as const,
      at: new Date().toISOString(),
      source: "SMS reply STOP",
      text: "STOP",
      ip: null,
    };
    await db
      .update(leads)
      .set({ smsOptOut: true, smsOptOutByRecipient: true, consent: { sms: stopped } })
      .where(eq(leads.id, lead.id));
    const res = await callApi<{ data: Lead; matched: string | null }>("POST", "/api/v1/leads/intake", {
      key: t.key,
      body: {
        name: "Bob",
        email: "bob@example.com",
        message: "Still available?",
        consent: { sms: { status: "granted" } },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.consent.sms).toEqual(stopped);
    const inquiries = await db
      .select()
      .from(activities)
      .where(and(eq(activities.leadId, lead.id), eq(activities.type, "inquiry")));
    expect(inquiries).toHaveLength(1);
  });

  it("batch: an item with a bad consent fails alone", async () => {
    const t = await createTenant();
    const res = await callApi<{ data: Array<{ status: number; error?: { code: string } }> }>(
      "POST",
      "/api/v1/leads/batch",
      {
        key: t.key,
        body: {
          items: [
            { op: "create", data: { name: "Good", consent: { sms: { status: "granted", source: "web form" } } } },
            { op: "create", data: { name: "Bad", consent: { sms: { status: "granted", ip: "999.1.1.1" } } } },
          ],
        },
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.data.map((r) => r.status)).toEqual([201, 400]);
  });
});
