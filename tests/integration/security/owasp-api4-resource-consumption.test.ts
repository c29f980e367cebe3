import { getServerSession } from "next-auth";
import { NextRequest } from "next/server";
import { describe, expect, it, vi } from "vitest";
import { POST as uploadRoute } from "@/app/(app)/leads/import/upload/route";
import { POST as nextAuthRoute } from "@/app/api/auth/[...nextauth]/route";
import { POST as twilioInbound } from "@/app/api/webhooks/twilio/inbound/route";
import { POST as twilioStatus } from "@/app/api/webhooks/twilio/status/route";
import { callApi, createTenant } from "../../helpers/api";
import { OPERATIONS, type OperationIds } from "../../helpers/operations";
import type { ErrorBody } from "../../helpers/api-bodies";
import { dispatch } from "../../helpers/route-table";
import { limitThroughRealRedis } from "../api/setup-api-tests";

limitThroughRealRedis();

// The CSV upload asks next-auth for the session; outside a request there is none to read.
vi.mock("next-auth", async (original) => ({ ...(await original<object>()), getServerSession: vi.fn() }));

// OWASP API4:2023 Unrestricted Resource Consumption: bounded pages, bodies, strings and arrays,
// and the per-key rate limit (see errors-and-limits.test.ts for the 429 itself).
describe("API4 resource consumption", () => {
  it.each([
    ["GET", "/api/v1/leads?limit=1000", undefined, 400],
    ["GET", `/api/v1/leads?q=${"x".repeat(201)}`, undefined, 400],
    ["GET", `/api/v1/leads?cursor=${"A".repeat(513)}`, undefined, 400],
    ["POST", "/api/v1/leads", { name: "x".repeat(201) }, 400],
    ["POST", "/api/v1/leads", { name: "x", notes: "x".repeat(10_001) }, 400],
    ["POST", "/api/v1/leads", { name: "x", tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 400],
    ["POST", "/api/v1/leads", { name: "x", tags: ["x".repeat(41)] }, 400],
    ["POST", "/api/v1/leads", { name: "x", notes: "x".repeat(100 * 1024) }, 413],
    [
      "POST",
      "/api/v1/properties",
      { title: "x", type: "house", listingType: "sale", description: "x".repeat(10_001) },
      400,
    ],
    [
      "POST",
      "/api/v1/visits",
      { leadId: "l", propertyId: "p", scheduledAt: "2026-12-01T10:00:00.000Z", notes: "x".repeat(2001) },
      400,
    ],
  ])("%s %s is refused with %s", async (method, path, body, status) => {
    const t = await createTenant();
    const res = await callApi(method, path, { key: t.key, body });
    expect(res.status).toBe(status);
  });

  it("a body over 100 KB is refused even when Content-Length lies", async () => {
    const t = await createTenant();
    const res = await callApi("POST", "/api/v1/leads", {
      key: t.key,
      rawBody: JSON.stringify({ name: "x", notes: "y".repeat(150 * 1024) }),
      headers: { "content-type": "application/json", "content-length": "10" },
    });
    expect(res.status).toBe(413);
  });
});

/** A body of `totalBytes` in 1 MB chunks that counts what the server pulls from it (no read-ahead),
 * so "refused without buffering it" is measured, not assumed. */
function countedBody(totalBytes: number) {
  const chunk = new Uint8Array(1024 * 1024).fill(0x61);
  const pulled = { bytes: 0 };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled.bytes >= totalBytes) return controller.close();
        pulled.bytes += chunk.byteLength;
        controller.enqueue(chunk);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled };
}

const FIFTY_MB = 50 * 1024 * 1024;
const FAKE_IDS: OperationIds = {
  lead: "lead_unknown",
  property: "prop_unknown",
  visit: "visit_unknown",
  task: "task_unknown",
  sms: "sms_unknown",
  scheduledSms: "sms_unknown2",
  webhookEndpoint: "whe_unknown",
  webhookDelivery: "whd_unknown",
  user: "user_unknown",
};

// The ways to send an oversized body: chunked (no length), a Content-Length that lies low, and an
// honest Content-Length far over any limit.
const SENDINGS: Array<[string, Record<string, string>]> = [
  ["chunked", {}],
  ["Content-Length lying (10)", { "content-length": "10" }],
  ["Content-Length 50 MB", { "content-length": String(FIFTY_MB) }],
];

/** Sends a 50 MB counted body; the answer and how much of it was read. */
async function sendOversized(
  handler: (req: Request) => Promise<Response>,
  url: string,
  method: string,
  headers: Record<string, string>,
) {
  const { stream, pulled } = countedBody(FIFTY_MB);
  const res = await handler(new Request(url, { method, headers, body: stream, duplex: "half" } as RequestInit));
  const body = (await res.json()) as ErrorBody;
  return { res, body, pulled };
}

// Issue 31 ("How to prove it": oversized unauthenticated bodies on every public route, findings 4
// and 11). Without credentials, every route that takes a body answers in the envelope having read
// at most one chunk of a 50 MB body, however the length is (mis)stated.
describe("API4 oversized unauthenticated bodies on every public route (issue 31, findings 4 and 11)", () => {
  const withBody = OPERATIONS.filter((op) => op.body);
  for (const [sending, lengthHeader] of SENDINGS) {
    for (const credentials of ["no key", "a malformed key"] as const) {
      it(`/api/v1, ${sending}, ${credentials}: every operation with a body is a 401 before reading it`, async () => {
        for (const op of withBody) {
          const headers: Record<string, string> = { "content-type": "application/json", ...lengthHeader };
          if (credentials === "a malformed key") headers.authorization = "Bearer lp_live_not-a-key";
          const path = op.path(FAKE_IDS);
          const { res, body, pulled } = await sendOversized(dispatch, `http://localhost${path}`, op.method, headers);
          const label = `${op.method} ${path}`;
          expect(res.status, label).toBe(401);
          expect(body.error.requestId, label).toBe(res.headers.get("x-request-id"));
          expect(pulled.bytes, label).toBe(0);
        }
      });
    }

    it(`Twilio webhooks, ${sending}, unsigned: 413 after at most a chunk`, async () => {
      Object.assign(process.env, {
        TWILIO_AUTH_TOKEN: "twilio-auth-token",
        TWILIO_STATUS_CALLBACK_URL: "https://crm.example.com/api/webhooks/twilio/status",
        TWILIO_INBOUND_URL: "https://crm.example.com/api/webhooks/twilio/inbound",
      });
      try {
        for (const [name, route] of [
          ["status", twilioStatus],
          ["inbound", twilioInbound],
        ] as const) {
          const { res, body, pulled } = await sendOversized(
            route,
            `http://internal:3000/api/webhooks/twilio/${name}`,
            "POST",
            { "content-type": "application/x-www-form-urlencoded", ...lengthHeader },
          );
          expect(res.status, name).toBe(413);
          expect(body.error.code, name).toBe("payload_too_large");
          expect(pulled.bytes, name).toBeLessThanOrEqual(1024 * 1024);
        }
      } finally {
        delete process.env.TWILIO_AUTH_TOKEN;
        delete process.env.TWILIO_STATUS_CALLBACK_URL;
        delete process.env.TWILIO_INBOUND_URL;
      }
    });

    it(`CSV upload, ${sending}, no session: 401 before reading (and 403 from another origin)`, async () => {
      vi.mocked(getServerSession).mockResolvedValue(null);
      const url = "http://leadprop.test/leads/import/upload?name=leads.csv";
      const base = { host: "leadprop.test", "content-type": "text/csv", ...lengthHeader };
      const signedOut = await sendOversized(uploadRoute, url, "POST", { ...base, origin: "http://leadprop.test" });
      expect(signedOut.res.status).toBe(401);
      expect(signedOut.pulled.bytes).toBe(0);
      const crossSite = await sendOversized(uploadRoute, url, "POST", { ...base, origin: "https://evil.example" });
      expect(crossSite.res.status).toBe(403);
      expect(crossSite.pulled.bytes).toBe(0);
    });

    it(`sign-in (next-auth credentials callback), ${sending}: 413 after at most a chunk`, async () => {
      const { stream, pulled } = countedBody(FIFTY_MB);
      const res = await nextAuthRoute(
        new NextRequest("http://leadprop.test/api/auth/callback/credentials", {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", ...lengthHeader },
          body: stream,
          duplex: "half",
        } as ConstructorParameters<typeof NextRequest>[1]),
        { params: Promise.resolve({ nextauth: ["callback", "credentials"] }) },
      );
      expect(res.status).toBe(413);
      expect(((await res.json()) as ErrorBody).error.code).toBe("payload_too_large");
      expect(pulled.bytes).toBeLessThanOrEqual(1024 * 1024);
    });
  }
});
