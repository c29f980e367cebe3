import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { accounts, activities, smsMessages } from "@/db/schema";
import { POST as twilioInbound } from "@/app/api/webhooks/twilio/inbound/route";
import { setAccountSmsNumber } from "@/lib/accounts/set-account-sms-number";
import { CLI_AUDIT_ACTOR } from "@/lib/audit/audit-actors";
import { startImportAction } from "@/app/(app)/leads/import/actions";
import { runLeadImport } from "@/lib/imports/run-lead-import";
import { createQueues } from "@/lib/jobs/start-workers";
import type { Job } from "@/lib/jobs/define-queue";
import { sendScheduledSmsQueue } from "@/lib/jobs/workers/send-scheduled-sms";
import { sendSmsToLead } from "@/lib/sms/send-sms-to-lead";
import type { SendScheduledSmsJob } from "@/lib/sms/quiet-hours/send-scheduled-sms";
import { twilioSignature } from "@/lib/sms/twilio-signature";
import { getMember } from "@/lib/users/get-member";
import { callApi, createTenant, type TestTenant } from "../../helpers/api";
import type { DataBody, ErrorBody, Lead, Sms } from "../../helpers/api-bodies";
import { startFakeTwilio, type FakeTwilio } from "../../helpers/fake-twilio";
import { upload, wizardForm } from "../imports/import-fixtures";
import { limitThroughRealRedis } from "./setup-api-tests";

// Issue 31, findings 1 and 3: inbound SMS on the shared number is routed only by messages handed
// to the provider, and an opt-out (STOP) belongs to the number, per (account, phone, sending
// number), not to the one lead that happened to receive it.

limitThroughRealRedis();

const INBOUND_URL = "https://crm.example.com/api/webhooks/twilio/inbound";
const TOKEN = "twilio-inbound-token";
const SHARED_NUMBER = "+15005550006";

let twilio: FakeTwilio;
beforeAll(async () => {
  twilio = await startFakeTwilio();
  await createQueues();
});
afterAll(() => twilio.close());
afterEach(() => {
  for (const name of [
    "SMS_PROVIDER",
    "TWILIO_ACCOUNT_SID",
    "TWILIO_AUTH_TOKEN",
    "TWILIO_FROM_NUMBER",
    "TWILIO_API_BASE_URL",
    "TWILIO_INBOUND_URL",
  ])
    delete process.env[name];
});

function useTwilio() {
  Object.assign(process.env, {
    SMS_PROVIDER: "twilio",
    TWILIO_ACCOUNT_SID: "AC123",
    TWILIO_AUTH_TOKEN: TOKEN,
    TWILIO_FROM_NUMBER: SHARED_NUMBER,
    TWILIO_API_BASE_URL: twilio.url,
    TWILIO_INBOUND_URL: INBOUND_URL,
  });
}

// Numbers no other test uses: routing by sender looks across accounts.
const digits = (n: number) => String(Math.floor(Math.random() * 10 ** n)).padStart(n, "0");
const phone = () => `+14158${digits(6)}`;
/** The same number as a person in the US would type it. */
const national = (e164: string) => `(${e164.slice(2, 5)}) ${e164.slice(5, 8)}-${e164.slice(8)}`;
let sid = 0;
const messageSid = () => `SM${Date.now().toString(16)}${String(++sid).padStart(8, "0")}${digits(6)}`;

async function inbound(to: string, from: string, body: string) {
  const params = new URLSearchParams({ MessageSid: messageSid(), AccountSid: "AC1", To: to, From: from, Body: body });
  const res = await twilioInbound(
    new Request("http://internal:3000/api/webhooks/twilio/inbound", {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-twilio-signature": twilioSignature(TOKEN, INBOUND_URL, params),
      },
      body: params.toString(),
    }),
  );
  expect(res.status).toBe(200);
}

async function tenantWithNumber(): Promise<TestTenant & { number: string }> {
  const t = await createTenant();
  const number = `+1628${digits(7).replace(/^[01]/, "5")}`;
  await (await getDb()).update(accounts).set({ smsNumber: number }).where(eq(accounts.id, t.accountId));
  return { ...t, number };
}

const createLead = async (t: TestTenant, body: object) => {
  const res = await callApi<DataBody<Lead>>("POST", "/api/v1/leads", { key: t.key, body: { name: "Texter", ...body } });
  expect(res.status).toBe(201);
  return res.body.data;
};
const getLead = async (t: TestTenant, id: string) =>
  (await callApi<DataBody<Lead>>("GET", `/api/v1/leads/${id}`, { key: t.key })).body.data;
const send = (t: TestTenant, leadId: string, body: object = {}) =>
  callApi<DataBody<Sms> & ErrorBody>("POST", `/api/v1/leads/${leadId}/sms`, {
    key: t.key,
    body: { message: "Hello", ...body },
  });
const runJob = (data: SendScheduledSmsJob) =>
  sendScheduledSmsQueue.handler([{ id: "test", name: sendScheduledSmsQueue.name, data } as Job<SendScheduledSmsJob>]);

const optOutActivities = (leadId: string) =>
  getDb().then((db) =>
    db
      .select()
      .from(activities)
      .where(and(eq(activities.leadId, leadId), eq(activities.type, "sms_opted_out"))),
  );

async function inboundRows(from: string) {
  return (await getDb())
    .select()
    .from(smsMessages)
    .where(and(eq(smsMessages.from, from), eq(smsMessages.direction, "inbound")))
    .orderBy(asc(smsMessages.createdAt), asc(smsMessages.id));
}

describe("inbound on the shared number is routed by messages handed to the provider (issue 31, finding 1)", () => {
  it("a scheduled then cancelled message of another account does not take the conversation", async () => {
    useTwilio();
    const a = await createTenant();
    const b = await createTenant();
    const from = phone();
    const leadA = await createLead(a, { phone: from });
    expect((await send(a, leadA.id)).status).toBe(201);
    await inbound(SHARED_NUMBER, from, "Thanks, got it");
    expect((await inboundRows(from)).map((r) => r.accountId)).toEqual([a.accountId]);

    // Account B: same phone, a text scheduled for 2030, cancelled. Nothing was handed to Twilio.
    const leadB = await createLead(b, { phone: from });
    const handedBefore = twilio.received.length;
    const scheduled = await send(b, leadB.id, { sendAt: "2030-01-15T15:00:00.000Z" });
    expect(scheduled.status).toBe(202);
    const cancel = await callApi("DELETE", `/api/v1/leads/${leadB.id}/sms/${scheduled.body.data.id}`, { key: b.key });
    expect(cancel.status).toBe(200);
    // A failed send is no conversation either.
    twilio.mode = "fail";
    expect((await send(b, leadB.id)).status).toBe(502);
    twilio.mode = "accept";
    expect(twilio.received.length).toBe(handedBefore + 1);

    await inbound(SHARED_NUMBER, from, "Is it still available?");
    expect((await inboundRows(from)).map((r) => r.accountId)).toEqual([a.accountId, a.accountId]);

    // Its STOP is A's: A can no longer text the number; B's lead is not opted out and B never
    // texted from the shared number, so B is not refused.
    await inbound(SHARED_NUMBER, from, "STOP");
    expect((await inboundRows(from)).every((r) => r.accountId === a.accountId)).toBe(true);
    expect((await getLead(b, leadB.id)).smsOptOut).toBe(false);
    expect((await getLead(a, leadA.id)).smsOptOut).toBe(true);
    expect((await send(a, leadA.id)).body.error.code).toBe("lead_opted_out");
    expect((await send(b, leadB.id)).status).toBe(201);
  });

  it("a STOP on the shared number applies to every account that texted the phone from it", async () => {
    useTwilio();
    const [a, b, c] = [await createTenant(), await createTenant(), await createTenant()];
    const from = phone();
    const leadA = await createLead(a, { phone: from });
    const leadB = await createLead(b, { phone: national(from) });
    const leadC = await createLead(c, { phone: from });
    // A second lead of A's with the phone (a duplicate), and one of B's: never texted themselves.
    const twinA = await createLead(a, { phone: national(from) });
    const twinB = await createLead(b, { phone: from });
    expect((await send(a, leadA.id)).status).toBe(201);
    expect((await send(b, leadB.id)).status).toBe(201);
    // C only scheduled (and cancelled): it never texted the phone.
    const scheduled = await send(c, leadC.id, { sendAt: "2030-01-15T15:00:00.000Z" });
    await callApi("DELETE", `/api/v1/leads/${leadC.id}/sms/${scheduled.body.data.id}`, { key: c.key });

    await inbound(SHARED_NUMBER, from, "stop");
    // The reply went to B, the last to hand a text to Twilio.
    expect((await inboundRows(from)).map((r) => r.accountId)).toEqual([b.accountId]);
    const handed = twilio.received.length;
    for (const [t, l] of [
      [a, leadA],
      [b, leadB],
    ] as const) {
      const refused = await send(t, l.id);
      expect(refused.status).toBe(422);
      expect(refused.body.error.code).toBe("lead_opted_out");
      // Scheduling is refused as well.
      const later = await send(t, l.id, { sendAt: "2030-01-15T15:00:00.000Z" });
      expect(later.body.error.code).toBe("lead_opted_out");
    }
    expect(twilio.received.length).toBe(handed);
    // Every lead with the phone in the accounts it reached says so (the API, the lead page and the
    // webhooks), not only the one in B's thread: opted out by the recipient, consent revoked.
    for (const [t, l] of [
      [a, leadA],
      [a, twinA],
      [b, leadB],
      [b, twinB],
    ] as const) {
      const read = await getLead(t, l.id);
      expect(read.smsOptOut).toBe(true);
      expect(read.consent.sms.status).toBe("revoked");
      const clear = await callApi<ErrorBody>("PATCH", `/api/v1/leads/${l.id}`, {
        key: t.key,
        body: { smsOptOut: false },
      });
      expect(clear.body.error.code).toBe("opt_out_by_recipient");
    }
    expect((await getLead(c, leadC.id)).smsOptOut).toBe(false);
    // A's activity does not name B's message: its id belongs to B.
    const [optedOutA] = await optOutActivities(leadA.id);
    expect(optedOutA).toMatchObject({
      summary: "Opted out of SMS (replied STOP to another agency on the shared number)",
      data: { keyword: "STOP" },
    });
    expect(optedOutA.data).not.toHaveProperty("smsId");
    expect((await send(c, leadC.id)).status).toBe(201);

    // START lifts the opt-out wherever the STOP reached, though C's thread carried it. Only C,
    // whose conversation it answered, takes it as consent: A and B must record consent again.
    await inbound(SHARED_NUMBER, from, "START");
    expect((await inboundRows(from)).at(-1)!.accountId).toBe(c.accountId);
    for (const [t, l] of [
      [a, leadA],
      [a, twinA],
      [b, leadB],
    ] as const) {
      const read = await getLead(t, l.id);
      expect(read.smsOptOut).toBe(false);
      expect(read.consent.sms.status).toBe("revoked");
      expect((await send(t, l.id)).body.error.code).toBe("consent_required");
    }
    expect((await getLead(c, leadC.id)).consent.sms.status).toBe("granted");
    expect((await send(c, leadC.id)).status).toBe(201);
    const regranted = await callApi<DataBody<Lead>>("PATCH", `/api/v1/leads/${leadA.id}`, {
      key: a.key,
      body: { consent: { sms: { status: "granted", source: "phone call", text: "Yes, text me" } } },
    });
    expect(regranted.status).toBe(200);
    expect((await send(a, leadA.id)).status).toBe(201);
  });

  it("a START on the shared number lifts no opt-out the phone gave an agency's own number", async () => {
    useTwilio();
    const own = await tenantWithNumber();
    const shared = await createTenant();
    const from = phone();
    const ownLead = await createLead(own, { phone: from });
    const sharedLead = await createLead(shared, { phone: from });
    expect((await send(own, ownLead.id)).status).toBe(201);
    await inbound(own.number, from, "STOP");
    expect((await send(shared, sharedLead.id)).status).toBe(201);
    await inbound(SHARED_NUMBER, from, "STOP");
    await inbound(SHARED_NUMBER, from, "START");
    expect((await send(shared, sharedLead.id)).status).toBe(201);
    expect((await getLead(own, ownLead.id)).smsOptOut).toBe(true);
    expect((await send(own, ownLead.id)).body.error.code).toBe("lead_opted_out");
  });
});

describe("a STOP belongs to the number, not to one lead (issue 31, finding 3)", () => {
  it("every way of making a new lead with that number is refused at send, at scheduling and at the scheduled send", async () => {
    useTwilio();
    const t = await tenantWithNumber();
    const from = phone();
    const first = await createLead(t, { phone: from });
    // A lead with the same number, created and scheduled before the STOP.
    const earlier = await createLead(t, { phone: national(from), name: "Earlier" });
    const held = await send(t, earlier.id, { sendAt: "2030-01-15T15:00:00.000Z" });
    expect(held.status).toBe(202);
    // The first lead is the most recently active one: the STOP lands on it.
    await callApi("PATCH", `/api/v1/leads/${first.id}`, { key: t.key, body: { notes: "called" } });
    await inbound(t.number, from, "STOP");
    expect((await getLead(t, first.id)).smsOptOut).toBe(true);

    // The scheduled send: refused, stored failed.
    await runJob({ smsId: held.body.data.id, accountId: t.accountId });
    const [heldRow] = await (await getDb()).select().from(smsMessages).where(eq(smsMessages.id, held.body.data.id));
    expect(heldRow).toMatchObject({ status: "failed", error: expect.stringMatching(/opted out/) });

    // Intake after the old leads are gone: a new lead.
    for (const id of [first.id, earlier.id])
      expect((await callApi("DELETE", `/api/v1/leads/${id}`, { key: t.key })).status).toBe(200);
    const intake = await callApi<DataBody<Lead>>("POST", "/api/v1/leads/intake", {
      key: t.key,
      body: { name: "Intake", phone: national(from) },
    });
    expect(intake.status).toBe(201);
    await createLead(t, { phone: `1-${from.slice(2, 5)}-${from.slice(5, 8)}-${from.slice(8)}` });
    const batch = await callApi<{ data: Array<{ status: number; data: Lead }> }>("POST", "/api/v1/leads/batch", {
      key: t.key,
      body: { items: [{ op: "create", data: { name: "Batch", phone: national(from) } }] },
    });
    expect(batch.body.data[0].status).toBe(201);
    const member = (await getMember(t.accountId, t.userId))!;
    const importId = await upload(member, `Name,Phone\nImported,${national(from)}\n`);
    expect(await startImportAction.run(member, wizardForm(importId, ["name", "phone"], "create"))).toEqual({
      status: "success",
    });
    await runLeadImport(importId);
    const made = await callApi<{ data: Lead[] }>("GET", `/api/v1/leads?q=${encodeURIComponent(from)}&limit=100`, {
      key: t.key,
    });
    const fresh = made.body.data.filter((l) => l.phone === from);
    expect(fresh.map((l) => l.name).sort()).toEqual(["Batch", "Imported", "Intake", "Texter"]);

    for (const l of fresh) {
      const now = await send(t, l.id);
      expect([now.status, now.body.error?.code]).toEqual([422, "lead_opted_out"]);
      const later = await send(t, l.id, { sendAt: "2030-01-15T15:00:00.000Z" });
      expect([later.status, later.body.error?.code]).toEqual([422, "lead_opted_out"]);
      // Its consent cannot be recorded as granted over the number's STOP.
      const grant = await callApi<ErrorBody>("PATCH", `/api/v1/leads/${l.id}`, {
        key: t.key,
        body: { consent: { sms: { status: "granted", source: "web form" } } },
      });
      expect([grant.status, grant.body.error?.code]).toEqual([409, "opt_out_by_recipient"]);
    }
    // Nor can a new lead (or an inquiry) bring a consent granted over it: POST /leads and batch
    // items are refused, an intake's grant is not applied and its inquiry kept.
    const granted = { sms: { status: "granted", source: "web form" } };
    const create = await callApi<ErrorBody>("POST", "/api/v1/leads", {
      key: t.key,
      body: { name: "Granted", phone: national(from), consent: granted },
    });
    expect([create.status, create.body.error?.code]).toEqual([409, "opt_out_by_recipient"]);
    const grantedBatch = await callApi<{ data: Array<{ status: number; error: { code: string } }> }>(
      "POST",
      "/api/v1/leads/batch",
      { key: t.key, body: { items: [{ op: "create", data: { name: "Granted", phone: from, consent: granted } }] } },
    );
    expect([grantedBatch.body.data[0].status, grantedBatch.body.data[0].error.code]).toEqual([
      409,
      "opt_out_by_recipient",
    ]);
    const inquiry = await callApi<DataBody<Lead> & { matched: string | null }>("POST", "/api/v1/leads/intake", {
      key: t.key,
      body: { name: "Inquiry", phone: national(from), consent: granted, message: "Still for sale?" },
    });
    expect(inquiry.status).toBe(200);
    expect(inquiry.body.data.consent.sms.status).not.toBe("granted");

    // The web UI's send (the same service) is refused too.
    await expect(
      sendSmsToLead(t.accountId, fresh[0].id, "Hi", { type: "system", id: null, name: "Test" }),
    ).rejects.toMatchObject({ code: "lead_opted_out" });

    // START from the number lifts it, for this account and this sending number.
    await inbound(t.number, from, "START");
    expect((await send(t, fresh[1].id)).status).toBe(201);
  });

  it("a STOP follows the account to a number of its own (the operator's change does not lift it)", async () => {
    useTwilio();
    const t = await createTenant();
    const from = phone();
    const lead = await createLead(t, { phone: from });
    expect((await send(t, lead.id)).status).toBe(201);
    await inbound(SHARED_NUMBER, from, "STOP");
    const other = await createLead(t, { phone: national(from), name: "Other" });
    const number = `+1628${digits(7).replace(/^[01]/, "5")}`;
    await setAccountSmsNumber(t.accountId, number, CLI_AUDIT_ACTOR);
    const refused = await send(t, other.id);
    expect([refused.status, refused.body.error?.code]).toEqual([422, "lead_opted_out"]);
    // The recipient's START to the new number lifts it there.
    await inbound(number, from, "START");
    expect((await send(t, other.id)).status).toBe(201);
  });
});
