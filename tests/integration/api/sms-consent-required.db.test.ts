import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { accounts, leads } from "@/db/schema";
import { callApi, createTenant } from "../../helpers/api";
import type { DataBody, ErrorBody, Lead, Sms } from "../../helpers/api-bodies";
import { limitThroughRealRedis } from "./setup-api-tests";

// The account's "Require SMS consent before texting": off by default; on, only a lead whose
// consent.sms.status is granted can be texted (422 consent_required otherwise).

limitThroughRealRedis();

async function setup(requireSmsConsent: boolean) {
  const t = await createTenant();
  const db = await getDb();
  await db.update(accounts).set({ requireSmsConsent }).where(eq(accounts.id, t.accountId));
  const lead = (
    await callApi<DataBody<Lead>>("POST", "/api/v1/leads", { key: t.key, body: { name: "C", phone: "+14155550177" } })
  ).body.data;
  // The public lead carries the record; a new lead's is unknown.
  expect(lead.consent).toEqual({ sms: { status: "unknown", at: null, source: null, text: null, ip: null } });
  const send = () =>
    callApi<DataBody<Sms> | ErrorBody>("POST", `/api/v1/leads/${lead.id}/sms`, { key: t.key, body: { message: "Hi" } });
  const setStatus = (status: "granted" | "revoked" | "unknown") =>
    db
      .update(leads)
      .set({ consent: { sms: { status, at: new Date().toISOString(), source: "test", text: null, ip: null } } })
      .where(eq(leads.id, lead.id));
  return { send, setStatus };
}

describe("require SMS consent", () => {
  it("off (the default): a lead with unknown consent is texted", async () => {
    const { send } = await setup(false);
    expect((await send()).status).toBeLessThan(300);
  });

  it("on: unknown and revoked answer 422 consent_required; granted sends", async () => {
    const { send, setStatus } = await setup(true);
    const refused = await send();
    expect(refused.status).toBe(422);
    expect((refused.body as ErrorBody).error.code).toBe("consent_required");
    await setStatus("revoked");
    expect(((await send()).body as ErrorBody).error.code).toBe("consent_required");
    await setStatus("granted");
    expect((await send()).status).toBeLessThan(300);
  });
});
