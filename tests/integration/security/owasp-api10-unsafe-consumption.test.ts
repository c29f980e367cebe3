import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { activities, smsMessages } from "@/db/schema";
import { twilioSignature } from "@/lib/sms/twilio-signature";
import { POST as twilioStatus } from "@/app/api/webhooks/twilio/status/route";
import { POST as twilioInbound } from "@/app/api/webhooks/twilio/inbound/route";
import { callApi, createTenant } from "../../helpers/api";
import type { DataBody, ErrorBody, Lead, Sms } from "../../helpers/api-bodies";
import { limitThroughRealRedis } from "../api/setup-api-tests";

limitThroughRealRedis();

const CALLBACK_URL = "https://crm.example.com/api/webhooks/twilio/status";
const TOKEN = "twilio-auth-token";

const INBOUND_URL = "https://crm.example.com/api/webhooks/twilio/inbound";

beforeEach(() =>
  Object.assign(process.env, {
    TWILIO_AUTH_TOKEN: TOKEN,
    TWILIO_STATUS_CALLBACK_URL: CALLBACK_URL,
    TWILIO_INBOUND_URL: INBOUND_URL,
  }),
);
afterEach(() => {
  delete process.env.TWILIO_AUTH_TOKEN;
  delete process.env.TWILIO_STATUS_CALLBACK_URL;
  delete process.env.TWILIO_INBOUND_URL;
});

async function sentSms() {
  const t = await createTenant();
  const lead = (
    await callApi<DataBody<Lead>>("POST", "/api/v1/leads", { key: t.key, body: { name: "Cb", phone: "+14155550100" } })
  ).body.data;
  const sms = (
    await callApi<DataBody<Sms>>("POST", `/api/v1/leads/${lead.id}/sms`, { key: t.key, body: { message: "hi" } })
  ).body.data;
  const db = await getDb();
  await db
    .update(smsMessages)
    .set({ providerMessageId: `SM${sms.id.slice(4)}` })
    .where(eq(smsMessages.id, sms.id));
  return { sid: `SM${sms.id.slice(4)}`, smsId: sms.id, leadId: lead.id };
}

const callback = (params: URLSearchParams, signature: string | null) =>
  twilioStatus(
    new Request("http://internal:3000/api/webhooks/twilio/status", {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        ...(signature ? { "x-twilio-signature": signature } : {}),
      },
      body: params.toString(),
    }),
  );

// OWASP API10:2023 Unsafe Consumption of APIs: what a third party sends us is verified first.
describe("API10 unsafe consumption: Twilio status callbacks", () => {
  it("refuses unsigned, wrongly signed and re-targeted callbacks, changing nothing", async () => {
    const { sid, smsId } = await sentSms();
    const params = new URLSearchParams({ MessageSid: sid, MessageStatus: "undelivered", ErrorCode: "30003" });
    for (const signature of [
      null,
      "bogus",
      twilioSignature("other-token", CALLBACK_URL, params),
      twilioSignature(TOKEN, "https://evil.example/status", params),
      twilioSignature(TOKEN, CALLBACK_URL, new URLSearchParams({ MessageSid: sid, MessageStatus: "delivered" })),
    ]) {
      const res = await callback(params, signature);
      expect(res.status).toBe(403);
      expect(((await res.json()) as ErrorBody).error.code).toBe("forbidden");
    }
    const [row] = await (await getDb()).select().from(smsMessages).where(eq(smsMessages.id, smsId));
    expect(row.status).toBe("sent");
  });

  it("applies a correctly signed delivery failure and writes sms_failed", async () => {
    const { sid, smsId, leadId } = await sentSms();
    const params = new URLSearchParams({
      MessageSid: sid,
      MessageStatus: "undelivered",
      ErrorCode: "30003",
      AccountSid: "AC1",
    });
    const res = await callback(params, twilioSignature(TOKEN, CALLBACK_URL, params));
    expect(res.status).toBe(204);
    const db = await getDb();
    const [row] = await db.select().from(smsMessages).where(eq(smsMessages.id, smsId));
    expect(row).toMatchObject({ status: "failed", error: expect.stringContaining("30003") });
    const acts = await db.select().from(activities).where(eq(activities.leadId, leadId));
    expect(acts.map((a) => a.type)).toContain("sms_failed");
  });
});

/** A chunked body (no Content-Length) of `totalBytes` in 16 KB chunks, counting what was pulled. */
function endlessForm(totalBytes: number) {
  const chunk = new TextEncoder().encode("Body=" + "x".repeat(16 * 1024 - 5));
  const pulled = { bytes: 0 };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled.bytes >= totalBytes) return controller.close();
      pulled.bytes += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { body, pulled };
}

// Issue 31, finding 4: the whole body was read before the 64 KB check and before the signature, so
// one unsigned 300 MB chunked POST took 800 MB of the server's memory. Now it is cut off at 64 KB.
describe("API4/API10: Twilio webhooks read at most 64 KB of an unsigned body (issue 31, finding 4)", () => {
  for (const [name, route, url] of [
    ["status", twilioStatus, "http://internal:3000/api/webhooks/twilio/status"],
    ["inbound", twilioInbound, "http://internal:3000/api/webhooks/twilio/inbound"],
  ] as const) {
    it(`${name}: a 300 MB chunked body is refused with 413 after reading about 64 KB`, async () => {
      const { body, pulled } = endlessForm(300 * 1024 * 1024);
      const res = await route(
        new Request(url, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body,
          duplex: "half",
        } as RequestInit),
      );
      expect(res.status).toBe(413);
      expect(((await res.json()) as ErrorBody).error.code).toBe("payload_too_large");
      expect(res.headers.get("x-request-id")).toBeTruthy();
      // The stream's own read-ahead may pull a chunk or two past the limit, never the 300 MB.
      expect(pulled.bytes).toBeLessThan(256 * 1024);
    });

    it(`${name}: a declared Content-Length over 64 KB is refused before reading`, async () => {
      const { body, pulled } = endlessForm(1024 * 1024);
      const res = await route(
        new Request(url, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", "content-length": String(1024 * 1024) },
          body,
          duplex: "half",
        } as RequestInit),
      );
      expect(res.status).toBe(413);
      expect(pulled.bytes).toBeLessThan(64 * 1024);
    });
  }
});
