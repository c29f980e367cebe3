import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { activities, accounts, events, leads, smsMessages } from "@/db/schema";
import { twilioSignature } from "@/lib/sms/twilio-signature";
import { POST as twilioInbound } from "@/app/api/webhooks/twilio/inbound/route";
import { callApi, createTenant, type TestTenant } from "../../helpers/api";
import type { DataBody, ErrorBody, Lead, ListBody, Sms } from "../../helpers/api-bodies";
import { limitThroughRealRedis } from "./setup-api-tests";

limitThroughRealRedis();

const INBOUND_URL = "https://crm.example.com/api/webhooks/twilio/inbound";
const TOKEN = "twilio-inbound-token";
const SHARED_NUMBER = "+15005550006";

beforeEach(() => Object.assign(process.env, { TWILIO_AUTH_TOKEN: TOKEN, TWILIO_INBOUND_URL: INBOUND_URL }));
afterEach(() => {
  delete process.env.TWILIO_AUTH_TOKEN;
  delete process.env.TWILIO_INBOUND_URL;
});

// Numbers no other test uses: routing by sender looks across accounts.
const digits = (n: number) => String(Math.floor(Math.random() * 10 ** n)).padStart(n, "0");
const phone = () => `+14157${digits(6)}`;
let sid = 0;
const messageSid = () => `SM${Date.now().toString(16)}${String(++sid).padStart(8, "0")}${digits(6)}`;

function inbound(fields: Record<string, string>, sign: "valid" | "none" | "wrong" = "valid") {
  const params = new URLSearchParams({ MessageSid: messageSid(), AccountSid: "AC1", NumMedia: "0", ...fields });
  const signature =
    sign === "valid"
      ? twilioSignature(TOKEN, INBOUND_URL, params)
      : sign === "wrong"
        ? twilioSignature("x", INBOUND_URL, params)
        : null;
  return twilioInbound(
    new Request("http://internal:3000/api/webhooks/twilio/inbound", {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        ...(signature ? { "x-twilio-signature": signature } : {}),
      },
      body: params.toString(),
    }),
  );
}

async function tenantWithNumber(): Promise<TestTenant & { number: string }> {
  const t = await createTenant();
  const number = `+1628${digits(7).replace(/^[01]/, "5")}`;
  await (await getDb()).update(accounts).set({ smsNumber: number }).where(eq(accounts.id, t.accountId));
  return { ...t, number };
}

const createLead = async (t: TestTenant, body: object) =>
  (await callApi<DataBody<Lead>>("POST", "/api/v1/leads", { key: t.key, body: { name: "Texter", ...body } })).body.data;

const thread = async (t: TestTenant, leadId: string, query = "") =>
  callApi<ListBody<Sms>>("GET", `/api/v1/leads/${leadId}/sms${query}`, { key: t.key });

const activityTypes = async (leadId: string) =>
  (await (await getDb()).select().from(activities).where(eq(activities.leadId, leadId))).map((a) => a.type).sort();

describe("POST /api/webhooks/twilio/inbound", () => {
  it("a signed message to an account's number lands on that account's lead, with its activity and event", async () => {
    const a = await tenantWithNumber();
    const b = await tenantWithNumber();
    const from = phone();
    const lead = await createLead(a, { phone: from });
    const elsewhere = await createLead(b, { phone: from });
    const res = await inbound({ To: a.number, From: from, Body: "Is Saturday 10am still on?" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/xml/);
    expect(await res.text()).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');

    const list = await thread(a, lead.id);
    expect(list.body.data).toEqual([
      {
        id: expect.stringMatching(/^sms_/),
        leadId: lead.id,
        direction: "inbound",
        to: a.number,
        from,
        message: "Is Saturday 10am still on?",
        status: "received",
        sendAt: null,
        createdAt: expect.any(String),
      },
    ]);
    expect((await thread(b, elsewhere.id)).body.data).toEqual([]);
    expect(await activityTypes(lead.id)).toEqual(["lead_created", "sms_received"]);
    const [event] = await (
      await getDb()
    )
      .select()
      .from(events)
      .where(and(eq(events.accountId, a.accountId), eq(events.type, "sms.received")));
    expect(event.data).toEqual({ object: list.body.data[0] });
  });

  it("to the shared number: the account that last texted the sender; among its leads, the most recently active", async () => {
    const t = await createTenant();
    const from = phone();
    const older = await createLead(t, { phone: from, name: "Older" });
    const texted = await createLead(t, { phone: from, name: "Texted" });
    await callApi("POST", `/api/v1/leads/${texted.id}/sms`, { key: t.key, body: { message: "Hello" } });
    await callApi("PATCH", `/api/v1/leads/${older.id}`, { key: t.key, body: { notes: "touched" } });
    await inbound({ To: SHARED_NUMBER, From: from, Body: "Hi back" });
    const [row] = await (
      await getDb()
    )
      .select()
      .from(smsMessages)
      .where(and(eq(smsMessages.from, from), eq(smsMessages.direction, "inbound")));
    expect(row).toMatchObject({ accountId: t.accountId, leadId: older.id, to: SHARED_NUMBER });
  });

  it("an unknown number creates a lead (source sms, status new, named by the number)", async () => {
    const a = await tenantWithNumber();
    const from = phone();
    await inbound({ To: a.number, From: from, Body: "Saw your sign on Elm St" });
    const db = await getDb();
    const [lead] = await db
      .select()
      .from(leads)
      .where(and(eq(leads.accountId, a.accountId), eq(leads.phone, from)));
    expect(lead).toMatchObject({ name: from, source: "sms", status: "new", smsOptOut: false });
    expect(await activityTypes(lead.id)).toEqual(["lead_created", "sms_received"]);
    const types = (await db.select().from(events).where(eq(events.accountId, a.accountId))).map((e) => e.type).sort();
    expect(types).toEqual(["lead.created", "sms.received"]);
  });

  it("first messages from one new number arriving at once make one lead", async () => {
    const a = await tenantWithNumber();
    const from = phone();
    await Promise.all(Array.from({ length: 5 }, (_, i) => inbound({ To: a.number, From: from, Body: `Hello ${i}` })));
    const db = await getDb();
    const made = await db
      .select()
      .from(leads)
      .where(and(eq(leads.accountId, a.accountId), eq(leads.phone, from)));
    expect(made).toHaveLength(1);
    expect(await activityTypes(made[0].id)).toEqual(["lead_created", ...Array(5).fill("sms_received")]);
  });

  it("an unsigned or wrongly signed request reads and writes nothing; a repeated MessageSid is stored once", async () => {
    const a = await tenantWithNumber();
    const from = phone();
    for (const sign of ["none", "wrong"] as const) {
      const res = await inbound({ To: a.number, From: from, Body: "STOP" }, sign);
      expect(res.status).toBe(403);
      expect(((await res.json()) as ErrorBody).error.code).toBe("forbidden");
    }
    const db = await getDb();
    expect(await db.select().from(leads).where(eq(leads.accountId, a.accountId))).toEqual([]);
    expect(await db.select().from(smsMessages).where(eq(smsMessages.accountId, a.accountId))).toEqual([]);

    const params = { To: a.number, From: from, Body: "Once", MessageSid: messageSid() };
    await inbound(params);
    await inbound(params);
    expect(await db.select().from(smsMessages).where(eq(smsMessages.accountId, a.accountId))).toHaveLength(1);
  });
});

describe("STOP and START from the lead", () => {
  it("STOP opts out (422 on send, 409 on clearing); a sentence with stop does not; START opts back in", async () => {
    const a = await tenantWithNumber();
    const from = phone();
    const lead = await createLead(a, { phone: from });
    const send = () =>
      callApi<ErrorBody>("POST", `/api/v1/leads/${lead.id}/sms`, { key: a.key, body: { message: "Hi" } });
    const optedOut = async () =>
      (await callApi<DataBody<Lead>>("GET", `/api/v1/leads/${lead.id}`, { key: a.key })).body.data.smsOptOut;

    await inbound({ To: a.number, From: from, Body: "please stop calling me" });
    expect(await optedOut()).toBe(false);
    await inbound({ To: a.number, From: from, Body: " Stop " });
    expect(await optedOut()).toBe(true);
    expect((await send()).body.error.code).toBe("lead_opted_out");
    const clear = await callApi<ErrorBody>("PATCH", `/api/v1/leads/${lead.id}`, {
      key: a.key,
      body: { smsOptOut: false },
    });
    expect(clear.status).toBe(409);
    expect(clear.body.error).toMatchObject({ code: "opt_out_by_recipient", message: expect.stringContaining("START") });
    // Setting it again, or changing other fields, is fine.
    expect(
      (await callApi("PATCH", `/api/v1/leads/${lead.id}`, { key: a.key, body: { smsOptOut: true, notes: "x" } }))
        .status,
    ).toBe(200);

    await inbound({ To: a.number, From: from, Body: "HELP" });
    expect(await optedOut()).toBe(true);
    await inbound({ To: a.number, From: from, Body: "start" });
    expect(await optedOut()).toBe(false);
    expect((await send()).status).toBe(201);
    const types = (await activityTypes(lead.id)).filter((t) => t.startsWith("sms_opted"));
    expect(types).toEqual(["sms_opted_in", "sms_opted_out"]);
    const [optOut] = await (
      await getDb()
    )
      .select()
      .from(activities)
      .where(and(eq(activities.leadId, lead.id), eq(activities.type, "sms_opted_out")));
    expect(optOut.data).toMatchObject({ keyword: "STOP", smsId: expect.stringMatching(/^sms_/) });
  });

  it("STOP revokes the consent record and START grants it, each one sms_consent_changed with old and new", async () => {
    const a = await tenantWithNumber();
    const from = phone();
    const lead = await createLead(a, { phone: from });
    const db = await getDb();
    const consent = async () =>
      (await db.select({ consent: leads.consent }).from(leads).where(eq(leads.id, lead.id)))[0].consent.sms;
    const changes = async () =>
      (
        await db
          .select()
          .from(activities)
          .where(and(eq(activities.leadId, lead.id), eq(activities.type, "sms_consent_changed")))
          .orderBy(activities.createdAt)
      ).map((row) => (row.data as { changes: Record<string, [{ status: string }, { status: string }]> }).changes);

    await inbound({ To: a.number, From: from, Body: "stop" });
    expect(await consent()).toMatchObject({ status: "revoked", source: "SMS reply STOP", text: "STOP", ip: null });
    await inbound({ To: a.number, From: from, Body: "STOP" });
    expect(await changes()).toHaveLength(1);
    await inbound({ To: a.number, From: from, Body: "Yes" });
    expect(await consent()).toMatchObject({ status: "granted", source: "SMS reply START", text: "YES" });
    const history = await changes();
    expect(history.map((c) => c["consent.sms"].map((v) => v.status))).toEqual([
      ["unknown", "revoked"],
      ["revoked", "granted"],
    ]);
  });

  it("an opt-out set by staff or the API can still be cleared by them", async () => {
    const t = await createTenant();
    const lead = await createLead(t, { phone: phone(), smsOptOut: true });
    const res = await callApi<DataBody<Lead>>("PATCH", `/api/v1/leads/${lead.id}`, {
      key: t.key,
      body: { smsOptOut: false },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.smsOptOut).toBe(false);
  });
});

describe("GET /leads/:id/sms", () => {
  it("pages both directions by cursor, filters by direction, and is 404 for another account's lead", async () => {
    const a = await tenantWithNumber();
    const from = phone();
    const lead = await createLead(a, { phone: from });
    for (const message of ["one", "two"])
      await callApi("POST", `/api/v1/leads/${lead.id}/sms`, { key: a.key, body: { message } });
    await inbound({ To: a.number, From: from, Body: "three" });

    const first = await thread(a, lead.id, "?limit=2&sort=createdAt");
    expect(first.status).toBe(200);
    expect(first.body.data.map((m) => [m.message, m.direction])).toEqual([
      ["one", "outbound"],
      ["two", "outbound"],
    ]);
    expect(first.body.data[0].from).toBeNull();
    expect(first.body.meta.hasMore).toBe(true);
    const next = await thread(
      a,
      lead.id,
      `?limit=2&sort=createdAt&cursor=${encodeURIComponent(first.body.meta.cursor!)}`,
    );
    expect(next.body.data.map((m) => [m.message, m.direction])).toEqual([["three", "inbound"]]);
    expect(next.body.meta.hasMore).toBe(false);
    expect((await thread(a, lead.id)).body.data.map((m) => m.message)).toEqual(["three", "two", "one"]);
    expect((await thread(a, lead.id, "?direction=inbound")).body.data.map((m) => m.message)).toEqual(["three"]);
    // The cursor is bound to its filters.
    expect(
      (await thread(a, lead.id, `?direction=inbound&cursor=${encodeURIComponent(first.body.meta.cursor!)}`)).status,
    ).toBe(400);

    const stranger = await createTenant();
    const res = await thread(stranger, lead.id);
    expect(res.status).toBe(404);
    await callApi("DELETE", `/api/v1/leads/${lead.id}`, { key: a.key });
    expect((await thread(a, lead.id)).status).toBe(404);
  });
});
