import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { accounts, smsMessages } from "@/db/schema";
import { applyDeliveryStatus } from "@/lib/sms/apply-delivery-status";
import { callApi, createTenant, type TestTenant } from "../../helpers/api";
import type { DataBody, ErrorBody, Lead, LeadWithActivities, Sms } from "../../helpers/api-bodies";
import { startFakeTwilio, type FakeTwilio } from "../../helpers/fake-twilio";
import { limitThroughRealRedis } from "./setup-api-tests";

limitThroughRealRedis();

let twilio: FakeTwilio;
beforeAll(async () => {
  twilio = await startFakeTwilio();
});
afterAll(() => twilio.close());
afterEach(() => {
  for (const name of [
    "SMS_PROVIDER",
    "TWILIO_ACCOUNT_SID",
    "TWILIO_AUTH_TOKEN",
    "TWILIO_FROM_NUMBER",
    "TWILIO_API_BASE_URL",
    "SMS_PROVIDER_TIMEOUT_MS",
  ])
    delete process.env[name];
});

function useTwilio(baseUrl = twilio.url) {
  Object.assign(process.env, {
    SMS_PROVIDER: "twilio",
    TWILIO_ACCOUNT_SID: "AC123",
    TWILIO_AUTH_TOKEN: "secret-token",
    TWILIO_FROM_NUMBER: "+15005550006",
    TWILIO_API_BASE_URL: baseUrl,
    SMS_PROVIDER_TIMEOUT_MS: "500",
  });
}

async function lead(t: TestTenant, body: object = { phone: "(415) 555-0142" }): Promise<Lead> {
  return (await callApi<DataBody<Lead>>("POST", "/api/v1/leads", { key: t.key, body: { name: "Texted", ...body } }))
    .body.data;
}

const activityTypes = async (t: TestTenant, leadId: string) =>
  (
    await callApi<DataBody<LeadWithActivities>>("GET", `/api/v1/leads/${leadId}`, { key: t.key })
  ).body.data.activities.map((a) => a.type);

describe("POST /leads/:id/sms", () => {
  it("log provider: 201 sent, stored for the outbox, sms_sent written", async () => {
    const t = await createTenant();
    const l = await lead(t);
    const res = await callApi<DataBody<Sms>>("POST", `/api/v1/leads/${l.id}/sms`, {
      key: t.key,
      body: { message: "Viewing confirmed for 3pm" },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      id: expect.stringMatching(/^sms_/),
      leadId: l.id,
      to: "+14155550142",
      message: "Viewing confirmed for 3pm",
      status: "sent",
    });
    // A text sent is first contact: the New lead moves to Contacted (pipeline-moves.db.test.ts).
    expect(await activityTypes(t, l.id)).toEqual(["lead_status_changed", "sms_sent", "lead_created"]);
  });

  it("422 lead_has_no_phone and lead_opted_out; 400 for an empty or 1,601-char message", async () => {
    const t = await createTenant();
    const noPhone = await lead(t, { phone: null });
    expect(
      (await callApi<ErrorBody>("POST", `/api/v1/leads/${noPhone.id}/sms`, { key: t.key, body: { message: "hi" } }))
        .body.error.code,
    ).toBe("lead_has_no_phone");
    const optedOut = await lead(t, { phone: "+14155550143", smsOptOut: true });
    const res = await callApi<ErrorBody>("POST", `/api/v1/leads/${optedOut.id}/sms`, {
      key: t.key,
      body: { message: "hi" },
    });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe("lead_opted_out");
    const ok = await lead(t);
    expect((await callApi("POST", `/api/v1/leads/${ok.id}/sms`, { key: t.key, body: { message: "" } })).status).toBe(
      400,
    );
    expect(
      (await callApi("POST", `/api/v1/leads/${ok.id}/sms`, { key: t.key, body: { message: "x".repeat(1601) } })).status,
    ).toBe(400);
    const rows = await (await getDb()).select().from(smsMessages).where(eq(smsMessages.accountId, t.accountId));
    expect(rows).toHaveLength(0);
  });

  it("twilio: form-encoded with basic auth; answers queued", async () => {
    const t = await createTenant();
    const l = await lead(t);
    useTwilio();
    twilio.mode = "accept";
    const res = await callApi<DataBody<Sms>>("POST", `/api/v1/leads/${l.id}/sms`, {
      key: t.key,
      body: { message: "Hello from Twilio" },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.status).toBe("queued");
    const sent = twilio.received.at(-1)!;
    expect(sent.path).toBe("/2010-04-01/Accounts/AC123/Messages.json");
    expect(sent.authorization).toBe(`Basic ${Buffer.from("AC123:secret-token").toString("base64")}`);
    expect(Object.fromEntries(sent.form)).toEqual({
      To: "+14155550142",
      From: "+15005550006",
      Body: "Hello from Twilio",
    });
  });

  it("twilio: an account with its own number sends from it, so replies come back to it", async () => {
    const t = await createTenant();
    await (
      await getDb()
    )
      .update(accounts)
      .set({ smsNumber: `+1628555${String(Date.now()).slice(-4)}` })
      .where(eq(accounts.id, t.accountId));
    const [account] = await (await getDb()).select().from(accounts).where(eq(accounts.id, t.accountId));
    const l = await lead(t);
    useTwilio();
    twilio.mode = "accept";
    await callApi("POST", `/api/v1/leads/${l.id}/sms`, { key: t.key, body: { message: "From our own line" } });
    expect(twilio.received.at(-1)!.form.get("From")).toBe(account.smsNumber);
  });

  it.each([
    ["answers 500", "fail" as const, undefined],
    ["hangs past the timeout", "hang" as const, undefined],
    ["is unreachable", "accept" as const, "http://127.0.0.1:9"],
  ])(
    "provider %s: 502 within the timeout, stored failed, sms_failed, no second send on retry",
    async (_label, mode, baseUrl) => {
      const t = await createTenant();
      const l = await lead(t);
      useTwilio(baseUrl);
      twilio.mode = mode;
      const before = twilio.received.length;
      const headers = { "idempotency-key": `sms-${mode}-${baseUrl ?? "local"}` };
      const started = Date.now();
      const res = await callApi<ErrorBody>("POST", `/api/v1/leads/${l.id}/sms`, {
        key: t.key,
        headers,
        body: { message: "Will fail" },
      });
      expect(Date.now() - started).toBeLessThan(3000);
      expect(res.status).toBe(502);
      expect(res.body.error.code).toBe("sms_provider_error");
      expect(JSON.stringify(res.body)).not.toContain("secret-token");
      const rows = await (
        await getDb()
      )
        .select()
        .from(smsMessages)
        .where(and(eq(smsMessages.accountId, t.accountId), eq(smsMessages.leadId, l.id)));
      expect(rows).toEqual([expect.objectContaining({ status: "failed", error: expect.any(String) })]);
      expect(await activityTypes(t, l.id)).toEqual(["sms_failed", "lead_created"]);
      const attempts = twilio.received.length - before;

      twilio.mode = "accept";
      const retry = await callApi("POST", `/api/v1/leads/${l.id}/sms`, {
        key: t.key,
        headers,
        body: { message: "Will fail" },
      });
      expect(retry.status).toBe(502);
      expect(retry.headers.get("idempotent-replayed")).toBe("true");
      expect(twilio.received.length - before).toBe(attempts);
      expect(await (await getDb()).select().from(smsMessages).where(eq(smsMessages.leadId, l.id))).toHaveLength(1);
    },
  );
});

describe("GET /leads/:id/sms/:smsId", () => {
  it("answers the message at the POST's Location, with the status the provider reports later", async () => {
    const t = await createTenant();
    const l = await lead(t);
    useTwilio();
    twilio.mode = "accept";
    const sent = await callApi<DataBody<Sms>>("POST", `/api/v1/leads/${l.id}/sms`, {
      key: t.key,
      body: { message: "Viewing at 3pm" },
    });
    const location = sent.headers.get("location")!;
    expect(location).toBe(`/api/v1/leads/${l.id}/sms/${sent.body.data.id}`);
    const first = await callApi<DataBody<Sms>>("GET", location, { key: t.key });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ data: sent.body.data });
    expect(first.body.data.status).toBe("queued");

    const [row] = await (await getDb()).select().from(smsMessages).where(eq(smsMessages.id, sent.body.data.id));
    expect(await applyDeliveryStatus(row.providerMessageId!, "undelivered", "30003")).toBe(true);
    const later = await callApi<DataBody<Sms>>("GET", location, { key: t.key });
    expect(later.body.data).toEqual({ ...sent.body.data, status: "failed" });
    // The provider's error is for staff (the outbox), never for the API.
    expect(JSON.stringify(later.body)).not.toContain("30003");
  });

  it("404 for another account's or another lead's message, an unknown id, and once the lead is deleted", async () => {
    const t = await createTenant();
    const l = await lead(t);
    const other = await lead(t, { phone: "+14155550144" });
    const sms = (
      await callApi<DataBody<Sms>>("POST", `/api/v1/leads/${l.id}/sms`, { key: t.key, body: { message: "hi" } })
    ).body.data;
    const stranger = await createTenant();
    const notFound = [
      [stranger.key, `/api/v1/leads/${l.id}/sms/${sms.id}`],
      [t.key, `/api/v1/leads/${other.id}/sms/${sms.id}`],
      [t.key, `/api/v1/leads/${l.id}/sms/sms_nope`],
    ] as const;
    for (const [key, path] of notFound) {
      const res = await callApi<ErrorBody>("GET", path, { key });
      expect(res.status, path).toBe(404);
      expect(res.body.error.code).toBe("not_found");
    }
    expect((await callApi("GET", `/api/v1/leads/${l.id}/sms/${sms.id}`, { key: t.key })).status).toBe(200);
    await callApi("DELETE", `/api/v1/leads/${l.id}`, { key: t.key });
    expect((await callApi("GET", `/api/v1/leads/${l.id}/sms/${sms.id}`, { key: t.key })).status).toBe(404);
    const post = await callApi("POST", `/api/v1/leads/${other.id}/sms/${sms.id}`, { key: t.key, body: {} });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, DELETE, HEAD, OPTIONS");
  });
});
