import { describe, expect, it } from "vitest";
import { callApi, createTenant, type TestTenant } from "../../helpers/api";
import type { DataBody } from "../../helpers/api-bodies";
import { recordStatements } from "../../helpers/record-statements";
import { limitThroughRealRedis } from "../api/setup-api-tests";
import { saveRoutingRule } from "@/lib/routing/save-routing-rule";
import { addUserToAccount } from "@/lib/users/add-user-to-account";

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
// endpoints, the job queue, the routing rules (issue 34: their read, which the process keeps for
// the account's routing version after the warm-up's, and the round robin's turn, taken inside
// the insert).
const WRITE_PATH = /\b(leads|activities|events|webhook_endpoints|pgboss|lead_routing_rules)\b/;
const ROUTING_READ = /^\s*select .* from lead_routing_rules/s;

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
      // The account's routing rules (none here) were read by the warm-up, and kept.
      expect(run.writePath).toHaveLength(1);
      expect(run.writePath[0]).toMatch(/insert into "leads"/);
      expect(run.writePath[0]).toMatch(/insert into "events"/);
      expect(run.writePath.join("\n")).not.toMatch(/webhook_endpoints|pgboss/);
    }
    expect(withThirty.writePath).toEqual(without.writePath);
  }, 120_000);

  it("with 5 routing rules and a round robin, POST /leads is the same one write, outside any transaction, and reads the rules again only once they change", async () => {
    const none = await createTenant();
    const routed = await createTenant();
    const agents: string[] = [];
    for (const name of ["Ann", "Bob", "Cat", "Dan"]) {
      const email = `${name.toLowerCase()}-${routed.accountId}@write-path.test`;
      const member = { accountId: routed.accountId, email, name, password: "pw-123456789", role: "staff" as const };
      agents.push((await addUserToAccount(member)).userId);
    }
    for (const [i, source] of ["zillow", "realtor", "referral", "open-house"].entries())
      await saveRoutingRule(
        { accountId: routed.accountId },
        { name: source, conditions: { sources: [source] }, agentIds: [agents[i]] },
      );
    await saveRoutingRule(
      { accountId: routed.accountId, isDefault: true },
      { name: "Everyone else", agentIds: agents },
    );

    const [without, withRules] = [await createLeadRecorded(none), await createLeadRecorded(routed)];
    for (const run of [without, withRules]) {
      expect(run.transactions).toBe(0);
      expect(run.writePath).toHaveLength(1);
      expect(run.writePath[0]).toMatch(
        /update "lead_routing_rules"[\s\S]*insert into "leads"[\s\S]*insert into "events"/,
      );
    }
    // The same statements whether or not a rule routes the lead: the write's text never changes.
    expect(withRules.writePath).toEqual(without.writePath);

    // A rule changed (the account's routing version rises): the next create reads the rules once.
    await saveRoutingRule(
      { accountId: routed.accountId },
      { name: "mls", conditions: { sources: ["mls"] }, agentIds: [agents[0]] },
    );
    const changed = await recordStatements(async () => {
      const body = { name: "After the change" };
      expect((await callApi("POST", "/api/v1/leads", { key: routed.key, body })).status).toBe(201);
    });
    const reads = changed.texts.filter((text) => ROUTING_READ.test(text));
    expect(reads).toHaveLength(1);
  }, 120_000);

  it("with assignedTo, the assignee costs one read of its membership (account, user, active) beside the same one write", async () => {
    const t = await createTenant();
    expect((await callApi("POST", "/api/v1/leads", { key: t.key, body: { name: "Warm-up" } })).status).toBe(201);
    let status = 0;
    const recorded = await recordStatements(async () => {
      const body = { name: "Assigned", email: "a@x.test", assignedTo: t.userId };
      status = (await callApi("POST", "/api/v1/leads", { key: t.key, body })).status;
    });
    expect(status).toBe(201);
    expect(recorded.transactions).toBe(0);
    const membershipReads = recorded.texts.filter((text) => /\bmemberships\b/.test(text));
    expect(membershipReads).toHaveLength(1);
    expect(membershipReads[0]).toMatch(
      /^\s*select "active" from "memberships" where \("memberships"\."account_id" = \$1 and "memberships"\."user_id" = \$2\) limit \$3/,
    );
    const writes = recorded.texts.filter((text) => WRITE_PATH.test(text));
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatch(/insert into "leads"[\s\S]*insert into "events"/);
  }, 120_000);
});
