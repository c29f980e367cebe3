import { describe, expect, it } from "vitest";
import { callApi, createTenant, type TestTenant } from "../../helpers/api";
import type { DataBody } from "../../helpers/api-bodies";
import { recordStatements } from "../../helpers/record-statements";
import { limitThroughRealRedis } from "../api/setup-api-tests";

limitThroughRealRedis();

// Issue 32: a change writes its event and nothing else. Which endpoints take it is the
// dispatcher's business, after the commit (lib/webhooks/dispatch/), so POST /leads is the same one
// statement for an account with 30 subscribed endpoints as for one with none. This file starts
// no jobs, so no dispatcher runs here: what is recorded is the request's own.

async function subscribeEndpoints(t: TestTenant, count: number): Promise<void> {
  const created = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      callApi<DataBody<{ id: string }>>("POST", "/api/v1/webhook-endpoints", {
        key: t.key,
        body: { url: `http://127.0.0.1:9/hooks/${i}`, events: i % 2 ? ["*"] : ["lead.created"] },
      }),
    ),
  );
  expect(created.map((res) => res.status)).toEqual(Array(count).fill(201));
}

// The statements that touch what a lead's creation could touch: the lead and its rows, the
// endpoints, the job queue.
const WRITE_PATH = /\b(leads|activities|events|webhook_endpoints|pgboss)\b/;

async function createLeadRecorded(t: TestTenant) {
  // Once before, so the key's lookup and any statement prepared on first use are behind us.
  expect((await callApi("POST", "/api/v1/leads", { key: t.key, body: { name: "Warm-up" } })).status).toBe(201);
  let status = 0;
  const recorded = await recordStatements(async () => {
    status = (await callApi("POST", "/api/v1/leads", { key: t.key, body: { name: "Counted", email: "c@x.test" } }))
      .status;
  });
  expect(status).toBe(201);
  return { ...recorded, writePath: recorded.texts.filter((text) => WRITE_PATH.test(text)) };
}

describe("the write path with webhook endpoints", () => {
  it("POST /leads is one statement, outside any transaction, with 30 endpoints subscribed as with none", async () => {
    const none = await createTenant();
    const thirty = await createTenant();
    await subscribeEndpoints(thirty, 30);

    const without = await createLeadRecorded(none);
    const withThirty = await createLeadRecorded(thirty);
    for (const run of [without, withThirty]) {
      expect(run.transactions).toBe(0);
      expect(run.writePath).toHaveLength(1);
      expect(run.writePath[0]).toMatch(/insert into "leads"/);
      expect(run.writePath[0]).toMatch(/insert into "events"/);
      expect(run.writePath.join("\n")).not.toMatch(/webhook_endpoints|pgboss/);
    }
    expect(withThirty.writePath).toEqual(without.writePath);
  }, 120_000);
});
