import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { activities, events, leadRoutingRules } from "@/db/schema";
import { addUserToAccount } from "@/lib/users/add-user-to-account";
import { saveRoutingRule } from "@/lib/routing/save-routing-rule";
import { setAgentAvailable } from "@/lib/routing/set-agent-available";
import type { RoutingRuleInput } from "@/lib/schemas/lead-routing";
import { callApi, createTenant, type TestTenant } from "../../helpers/api";
import type { DataBody, Lead } from "../../helpers/api-bodies";
import { limitThroughRealRedis } from "../api/setup-api-tests";

limitThroughRealRedis();

// Lead routing (issue 34) through POST /leads: the rule that takes a lead, its agent in the 201,
// the lead_assigned activity and the lead.created event, and the round robin's fairness when the
// creates race (on both engines: this file runs on PostgreSQL and PGlite).

let agentCounter = 0;
async function addAgents(t: TestTenant, names: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const name of names) {
    const n = `${Date.now().toString(36)}-${++agentCounter}`;
    const { userId } = await addUserToAccount({
      accountId: t.accountId,
      email: `${name.toLowerCase()}-${n}@routing.test`,
      name,
      password: "pw-123456789",
      role: "staff",
    });
    ids.push(userId);
  }
  return ids;
}

const rule = (t: TestTenant, input: RoutingRuleInput, isDefault = false) =>
  saveRoutingRule({ accountId: t.accountId, isDefault }, input);

async function create(t: TestTenant, body: Record<string, unknown>): Promise<Lead> {
  const res = await callApi<DataBody<Lead>>("POST", "/api/v1/leads", { key: t.key, body });
  expect(res.status).toBe(201);
  return res.body.data;
}

const assignedActivities = async (leadId: string) =>
  (await getDb())
    .select()
    .from(activities)
    .where(and(eq(activities.leadId, leadId), eq(activities.type, "lead_assigned")))
    .orderBy(asc(activities.id));

describe("lead routing on POST /leads", () => {
  it("the first matching rule takes the lead: its agent in the 201, a lead_assigned activity naming the rule, lead.created with the assignee", async () => {
    const t = await createTenant();
    const [ann, bob, cat] = await addAgents(t, ["Ann", "Bob", "Cat"]);
    const zillow = await rule(t, {
      name: "Zillow buyers",
      conditions: { sources: ["Portal:Zillow"], interests: ["buy"] },
      agentIds: [ann],
    });
    await rule(t, { name: "Luxury", conditions: { budgetMin: 1_000_000 }, agentIds: [bob] });
    await rule(t, { name: "Pets", conditions: { tags: ["pets"] }, agentIds: [cat] });
    await rule(t, { name: "Rest" }, true);

    const lead = await create(t, { name: "Zed", source: "portal:zillow", interest: "buy", budget: 2_000_000 });
    expect(lead.assignedTo).toBe(ann);
    const [assigned] = await assignedActivities(lead.id);
    expect(assigned).toMatchObject({
      summary: "Assigned to Ann by rule “Zillow buyers”",
      data: { assignedTo: ann, ruleId: zillow.id, ruleName: "Zillow buyers" },
      actorType: "system",
    });
    const [event] = await (await getDb()).select().from(events).where(eq(events.objectId, lead.id));
    expect(event.type).toBe("lead.created");
    expect((event.data as { object: Lead }).object.assignedTo).toBe(ann);

    // The same lead renting: Zillow's rule wants buyers; the budget rule takes it.
    expect(
      (await create(t, { name: "Yan", source: "portal:zillow", interest: "rent", budget: 1_000_000 })).assignedTo,
    ).toBe(bob);
    // Any one of the tags, whatever its case; a budget under the range does not match.
    expect((await create(t, { name: "Xia", tags: ["first-time", "PETS"], budget: 999_999 })).assignedTo).toBe(cat);
    // Nothing matches and the default leaves it unassigned: no activity.
    const rest = await create(t, { name: "Wu", budget: 10 });
    expect(rest.assignedTo).toBeNull();
    expect(await assignedActivities(rest.id)).toEqual([]);
    // An assignee in the body is kept: routing does not run.
    const given = await create(t, { name: "Vi", source: "portal:zillow", interest: "buy", assignedTo: cat });
    expect(given.assignedTo).toBe(cat);
    expect(await assignedActivities(given.id)).toEqual([]);
  });

  it("custom field conditions: equal values, and a multi select holding the value", async () => {
    const t = await createTenant();
    const [ann] = await addAgents(t, ["Ann"]);
    for (const body of [
      { key: "language", label: "Language", type: "single_select", options: ["en", "es"] },
      { key: "wants", label: "Wants", type: "multi_select", options: ["garden", "garage"] },
    ])
      expect(
        (await callApi("POST", "/api/v1/custom-fields", { key: t.key, body: { resource: "lead", ...body } })).status,
      ).toBe(201);
    await rule(t, {
      name: "Spanish gardeners",
      conditions: { customFields: { language: "es", wants: "garden" } },
      agentIds: [ann],
    });
    const yes = await create(t, { name: "Ana", customFields: { language: "es", wants: ["garage", "garden"] } });
    expect(yes.assignedTo).toBe(ann);
    const no = await create(t, { name: "Bea", customFields: { language: "en", wants: ["garden"] } });
    expect(no.assignedTo).toBeNull();
  });

  it("round robin takes its agents in turn and skips one marked unavailable; a rule with none available passes the lead on", async () => {
    const t = await createTenant();
    const [ann, bob, cat, dan] = await addAgents(t, ["Ann", "Bob", "Cat", "Dan"]);
    await rule(t, { name: "Website", conditions: { sources: ["website"] }, agentIds: [ann, bob, cat] });
    await rule(t, { name: "Dan takes the rest", agentIds: [dan] }, true);
    const turn = async () => (await create(t, { name: "Web", source: "website" })).assignedTo;
    expect([await turn(), await turn(), await turn(), await turn()]).toEqual([ann, bob, cat, ann]);
    await setAgentAvailable(t.accountId, bob, false);
    const taken = [await turn(), await turn(), await turn(), await turn()];
    expect(taken).not.toContain(bob);
    expect(new Set(taken)).toEqual(new Set([ann, cat]));
    for (const id of [ann, cat]) await setAgentAvailable(t.accountId, id, false);
    expect(await turn()).toBe(dan);
  });

  it.each([100])(
    "is fair under concurrency: %i parallel creates over 3 agents give each 33 or 34",
    async (total) => {
      const t = await createTenant();
      const agents = await addAgents(t, ["Ann", "Bob", "Cat"]);
      const { id } = await rule(t, { name: "Everyone", agentIds: agents }, true);
      const leads = await Promise.all(Array.from({ length: total }, (_, i) => create(t, { name: `Lead ${i}` })));
      const counts = agents.map((agent) => leads.filter((lead) => lead.assignedTo === agent).length);
      expect(counts.reduce((a, b) => a + b)).toBe(total);
      for (const n of counts) expect([Math.floor(total / 3), Math.ceil(total / 3)]).toContain(n);
      const [row] = await (await getDb()).select().from(leadRoutingRules).where(eq(leadRoutingRules.id, id));
      expect(row.nextTurn).toBe(total);
    },
    120_000,
  );
});
