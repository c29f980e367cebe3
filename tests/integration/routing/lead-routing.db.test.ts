import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { accounts, activities, auditLogEntries, events, leadRoutingRules, leads } from "@/db/schema";
import { addUserToAccount } from "@/lib/users/add-user-to-account";
import { createCustomFieldDefinition } from "@/lib/custom-fields/custom-field-definitions";
import { saveRoutingRule } from "@/lib/routing/save-routing-rule";
import { setAgentAvailable } from "@/lib/routing/set-agent-available";
import type { RoutingRuleInput } from "@/lib/schemas/lead-routing";
import { callApi, createTenant, type TestTenant } from "../../helpers/api";
import type { DataBody, Lead } from "../../helpers/api-bodies";
import { limitThroughRealRedis } from "../api/setup-api-tests";
import { UNKNOWN_CLIENT } from "@/lib/audit/request-client";
import {
  deleteRuleAction,
  moveRuleAction,
  saveDefaultRuleAction,
  saveRuleAction,
  setAvailabilityAction,
} from "@/app/(app)/settings/lead-routing/actions";
import { listAgentAvailability } from "@/lib/routing/list-agent-availability";
import { listRoutingRules } from "@/lib/routing/list-routing-rules";
import { agencyWithStaff } from "../web/web-fixtures";
import { listMyNewAssignments } from "@/lib/dashboard/list-my-new-assignments";
import { createLeadForm } from "@/app/(app)/leads/_forms/save-lead-form";
import { POST as twilioInbound } from "@/app/api/webhooks/twilio/inbound/route";
import { inTransaction } from "@/lib/query/after-commit";
import { insertNewLeads } from "@/lib/leads/insert-new-leads";
import { jobExecutor } from "@/lib/jobs/job-executor";
import { getMember } from "@/lib/users/get-member";
import { twilioSignature } from "@/lib/sms/twilio-signature";

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

const formOf = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
};

const rule = (t: TestTenant, input: RoutingRuleInput, isDefault = false) =>
  saveRoutingRule({ accountId: t.accountId, isDefault }, input);

async function create(t: TestTenant, body: Record<string, unknown>): Promise<Lead> {
  const res = await callApi<DataBody<Lead>>("POST", "/api/v1/leads", { key: t.key, body });
  expect(res.status).toBe(201);
  return res.body.data;
}

/** How many turns the rule's sequence has handed out (lib/routing/turn-sequence.ts; it starts at 0). */
async function turnsTaken(ruleId: string): Promise<number> {
  const { rows } = await jobExecutor(await getDb()).executeSql(
    "select coalesce(pg_sequence_last_value(to_regclass($1)) + 1, 0)::int as taken",
    [`lead_routing_turns_${ruleId}`],
  );
  return (rows[0] as { taken: number }).taken;
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
    // Ann's dashboard lists it among her new assignments; Bob's does not.
    expect((await listMyNewAssignments(t.accountId, ann)).leads.map((l) => l.id)).toEqual([lead.id]);
    expect((await listMyNewAssignments(t.accountId, bob)).total).toBe(0);

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
    // The file's first requests load the route modules (seconds on PGlite, more on a busy machine).
  }, 120_000);

  it("custom field conditions: equal values, and a multi select holding the value", async () => {
    const t = await createTenant();
    const [ann] = await addAgents(t, ["Ann"]);
    await createCustomFieldDefinition(t.accountId, {
      resource: "lead",
      key: "language",
      label: "Language",
      type: "single_select",
      options: ["en", "es"],
    });
    await createCustomFieldDefinition(t.accountId, {
      resource: "lead",
      key: "wants",
      label: "Wants",
      type: "multi_select",
      options: ["garden", "garage"],
    });
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

  it("a rule saved by the release before (no turn sequence) takes its turns through its row, and once saved again continues from there", async () => {
    const t = await createTenant();
    const [ann, bob, cat] = await addAgents(t, ["Ann", "Bob", "Cat"]);
    const db = await getDb();
    // As the release before wrote a rule: the row alone.
    const [legacy] = await db
      .insert(leadRoutingRules)
      .values({
        id: `lrr_legacy${Date.now()}`,
        accountId: t.accountId,
        name: "Old",
        position: 0,
        isDefault: true,
        agentIds: [ann, bob, cat],
      })
      .returning();
    const turn = async () => (await create(t, { name: "Web" })).assignedTo;
    expect([await turn(), await turn()]).toEqual([ann, bob]);
    const [row] = await db.select().from(leadRoutingRules).where(eq(leadRoutingRules.id, legacy.id));
    expect(row.nextTurn).toBe(2);
    expect(await turnsTaken(legacy.id)).toBe(0);
    await saveRoutingRule({ accountId: t.accountId, isDefault: true }, { name: "Old", agentIds: [ann, bob, cat] });
    expect([await turn(), await turn()]).toEqual([cat, ann]);
    expect(await turnsTaken(legacy.id)).toBe(4);
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
      // The turns came from the rule's sequence: its row was not written once.
      expect(await turnsTaken(id)).toBe(total);
      const [row] = await (await getDb()).select().from(leadRoutingRules).where(eq(leadRoutingRules.id, id));
      expect(row.nextTurn).toBe(0);
    },
    120_000,
  );
});

describe("every door routes a lead born without an assignee", () => {
  const TOKEN = "routing-inbound-token";
  const INBOUND_URL = "https://crm.example.com/api/webhooks/twilio/inbound";
  function inboundSms(to: string, from: string) {
    const params = new URLSearchParams({
      MessageSid: `SM${Date.now().toString(16)}${Math.random().toString(16).slice(2, 12)}`,
      AccountSid: "AC1",
      NumMedia: "0",
      To: to,
      From: from,
      Body: "Is the house on Elm St still for sale?",
    });
    return twilioInbound(
      new Request("http://internal:3000/api/webhooks/twilio/inbound", {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "x-twilio-signature": twilioSignature(TOKEN, INBOUND_URL, params),
        },
        body: params.toString(),
      }),
    );
  }

  it("batch, intake (new leads only), the web form, an inbound SMS from a new number and the import's multi-lead write", async () => {
    const t = await createTenant();
    const [ann, bob] = await addAgents(t, ["Ann", "Bob"]);
    const { id: ruleId } = await rule(t, { name: "Both", agentIds: [ann, bob] }, true);
    const routedTo = async (leadId: string) => {
      const [lead] = await (await getDb()).select().from(leads).where(eq(leads.id, leadId));
      const [assigned] = await assignedActivities(leadId);
      expect(assigned?.data).toMatchObject({ assignedTo: lead.assignedTo, ruleId });
      return lead.assignedTo;
    };
    const taken: (string | null)[] = [];

    const batch = await callApi<{ data: { status: number; data: Lead }[] }>("POST", "/api/v1/leads/batch", {
      key: t.key,
      body: {
        items: [
          { op: "create", data: { name: "B1" } },
          { op: "create", data: { name: "B2" } },
        ],
      },
    });
    expect(batch.status).toBe(200);
    for (const item of batch.body.data) {
      expect(item.status).toBe(201);
      taken.push(item.data.assignedTo);
      expect(await routedTo(item.data.id)).toBe(item.data.assignedTo);
    }

    const intake = await callApi<DataBody<Lead>>("POST", "/api/v1/leads/intake", {
      key: t.key,
      body: { name: "Ivy", email: "ivy@routing.test", message: "Hello" },
    });
    expect(intake.status).toBe(201);
    taken.push(intake.body.data.assignedTo);
    expect(await routedTo(intake.body.data.id)).toBe(intake.body.data.assignedTo);
    // A matched lead is not routed again.
    const again = await callApi<DataBody<Lead>>("POST", "/api/v1/leads/intake", {
      key: t.key,
      body: { name: "Ivy", email: "ivy@routing.test", message: "Me again" },
    });
    expect(again.status).toBe(200);
    expect(again.body.data.assignedTo).toBe(intake.body.data.assignedTo);
    expect(await assignedActivities(intake.body.data.id)).toHaveLength(1);

    const staff = await getMember(t.accountId, ann);
    const formed = await createLeadForm(staff!, formOf({ name: "Fay", status: "new", assignedTo: "" }));
    expect(formed.status).toBe("success");
    taken.push(await routedTo(formed.leadId!));

    const number = `+1628${String(Math.floor(Math.random() * 1e7)).padStart(7, "5")}`;
    await (await getDb()).update(accounts).set({ smsNumber: number }).where(eq(accounts.id, t.accountId));
    Object.assign(process.env, { TWILIO_AUTH_TOKEN: TOKEN, TWILIO_INBOUND_URL: INBOUND_URL });
    try {
      const from = `+14157${String(Math.floor(Math.random() * 1e6)).padStart(6, "0")}`;
      expect((await inboundSms(number, from)).status).toBe(200);
      const [texter] = await (await getDb()).select().from(leads).where(eq(leads.phone, from));
      taken.push(await routedTo(texter.id));
    } finally {
      delete process.env.TWILIO_AUTH_TOKEN;
      delete process.env.TWILIO_INBOUND_URL;
    }

    // The import's chunk: several leads in one statement take consecutive turns.
    const actor = { type: "user" as const, id: ann, name: "Ann" };
    const written = await inTransaction(await getDb(), (tx) =>
      insertNewLeads(tx, t.accountId, [{ name: "I1" }, { name: "I2" }, { name: "I3", assignedTo: ann }], actor),
    );
    const imported = [await routedTo(written[0].id), await routedTo(written[1].id)];
    expect(imported[0]).not.toBe(imported[1]);
    taken.push(...imported);
    const [third] = await (await getDb()).select().from(leads).where(eq(leads.id, written[2].id));
    expect(third.assignedTo).toBe(ann);
    expect(await assignedActivities(written[2].id)).toEqual([]);

    // Seven routed leads over two agents, in turn from Ann: every door took the next turn (the
    // batch's items run side by side, so which of them got which is theirs to race for).
    expect(taken.filter((id) => id === ann)).toHaveLength(4);
    expect(taken.filter((id) => id === bob)).toHaveLength(3);
  }, 60_000);
});

describe("POST /leads/route-preview", () => {
  const preview = (t: TestTenant, body: unknown, key = t.key) =>
    callApi<DataBody<{ rule: { id: string; name: string } | null; assignedTo: string | null; reason: string }>>(
      "POST",
      "/api/v1/leads/route-preview",
      { key, body },
    );

  it("answers the rule and the agent whose turn is next, creating nothing and taking no turn", async () => {
    const t = await createTenant();
    const [ann, bob] = await addAgents(t, ["Ann", "Bob"]);
    const web = await rule(t, { name: "Website", conditions: { sources: ["website"] }, agentIds: [ann, bob] });
    await rule(t, { name: "Nobody" }, true);
    for (let i = 0; i < 3; i++) {
      const res = await preview(t, { name: "Pre", source: "website" });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ rule: { id: web.id, name: "Website" }, assignedTo: ann, reason: "round_robin" });
    }
    expect((await create(t, { name: "Real", source: "website" })).assignedTo).toBe(ann);
    expect((await preview(t, { name: "Pre", source: "website" })).body.data.assignedTo).toBe(bob);
    expect((await preview(t, { name: "Other" })).body.data).toMatchObject({
      assignedTo: null,
      reason: "leave_unassigned",
    });
    expect((await preview(t, { name: "Given", assignedTo: bob })).body.data).toEqual({
      rule: null,
      assignedTo: bob,
      reason: "assigned_to_given",
    });
    const list = await callApi<{ data: Lead[] }>("GET", "/api/v1/leads?limit=100", { key: t.key });
    expect(list.body.data.map((lead) => lead.name)).toEqual(["Real"]);
    expect(await turnsTaken(web.id)).toBe(1);
  });

  it("refuses what POST /leads refuses: a bad body, another account's assignee; an account without rules answers no_rule", async () => {
    const t = await createTenant();
    const other = await createTenant();
    expect((await preview(t, { name: "" })).status).toBe(400);
    expect((await preview(t, { name: "X", assignedTo: other.userId })).status).toBe(400);
    expect((await preview(t, { name: "X" })).body.data).toEqual({ rule: null, assignedTo: null, reason: "no_rule" });
  });
});

describe("saving rules", () => {
  it("refuses another account's agent, and more than 50 rules even when saved in parallel", async () => {
    const t = await createTenant();
    const other = await createTenant();
    await expect(rule(t, { name: "Theirs", agentIds: [other.userId] })).rejects.toMatchObject({
      code: "validation_error",
    });
    const results = await Promise.allSettled(Array.from({ length: 55 }, (_, i) => rule(t, { name: `Rule ${i}` })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(50);
    const count = await (
      await getDb()
    )
      .select()
      .from(leadRoutingRules)
      .where(eq(leadRoutingRules.accountId, t.accountId));
    expect(count).toHaveLength(50);
  }, 60_000);
});

// Settings → Lead routing's forms (owners only), through the one form door (formAction).

function ruleForm(fields: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields))
    for (const one of Array.isArray(value) ? value : [value]) data.append(key, one);
  return data;
}

describe("Settings → Lead routing forms", () => {
  it("owners add, edit, reorder and delete rules, save the default and mark agents unavailable; staff and another account's owner cannot", async () => {
    const agency = await agencyWithStaff();
    const other = await agencyWithStaff("Other Realty");
    const { owner, staff } = agency;
    const run = <S>(
      action: { run: (...args: never[]) => Promise<S> },
      who: typeof owner,
      fields: Record<string, string | string[]>,
    ) =>
      (action.run as (m: typeof owner, f: FormData, o: typeof UNKNOWN_CLIENT) => Promise<S>)(
        who,
        ruleForm(fields),
        UNKNOWN_CLIENT,
      );

    const website = {
      name: "Website",
      sources: "website, Landing page",
      tags: "",
      interests: ["buy", "rent"],
      budgetMin: "100,000",
      budgetMax: "",
      customFields: "language = es\npets = true\nbedrooms = 3",
      agentIds: [staff.userId, owner.userId],
      rerouteAfterMinutes: "15",
    };
    expect(await run(saveRuleAction, staff, website)).toMatchObject({ status: "error" });
    expect(await run(saveRuleAction, owner, website)).toMatchObject({ status: "success" });
    expect(
      await run(saveRuleAction, owner, { name: "Luxury", budgetMin: "1000000", agentIds: [owner.userId] }),
    ).toMatchObject({
      status: "success",
    });
    let rules = await listRoutingRules(agency.accountId);
    expect(rules.map((r) => r.name)).toEqual(["Website", "Luxury"]);
    expect(rules[0]).toMatchObject({
      conditions: {
        sources: ["website", "Landing page"],
        interests: ["buy", "rent"],
        budgetMin: 100_000,
        customFields: { language: "es", pets: true, bedrooms: 3 },
      },
      agentIds: [staff.userId, owner.userId],
      rerouteAfterMinutes: 15,
    });

    // Bad input: each field's message, nothing saved.
    const bad = await run(saveRuleAction, owner, {
      name: "",
      budgetMin: "9",
      budgetMax: "1",
      rerouteAfterMinutes: "0",
    });
    expect(bad).toMatchObject({ status: "error" });
    expect(Object.keys((bad as { fieldErrors?: object }).fieldErrors ?? {})).toEqual(
      expect.arrayContaining(["name", "rerouteAfterMinutes"]),
    );
    // Another account's member as agent; another account's rule.
    expect(await run(saveRuleAction, owner, { name: "Theirs", agentIds: [other.staff.userId] })).toMatchObject({
      status: "error",
    });
    expect(await run(deleteRuleAction, other.owner, { ruleId: rules[0].id })).toMatchObject({ status: "error" });
    expect(await run(moveRuleAction, other.owner, { ruleId: rules[0].id, direction: "down" })).toMatchObject({
      status: "error",
    });

    // Edit, move, default.
    expect(
      await run(saveRuleAction, owner, { ...website, ruleId: rules[0].id, name: "Web", rerouteAfterMinutes: "" }),
    ).toMatchObject({
      status: "success",
    });
    expect(await run(moveRuleAction, owner, { ruleId: rules[0].id, direction: "down" })).toMatchObject({
      status: "success",
    });
    expect(
      await run(saveDefaultRuleAction, owner, { name: "Everyone else", sources: "ignored", agentIds: [] }),
    ).toMatchObject({
      status: "success",
    });
    rules = await listRoutingRules(agency.accountId);
    expect(rules.map((r) => [r.name, r.isDefault, r.rerouteAfterMinutes])).toEqual([
      ["Luxury", false, null],
      ["Web", false, null],
      ["Everyone else", true, null],
    ]);
    expect(rules[2].conditions).toEqual({});
    // Saving the default again edits it: still one.
    await run(saveDefaultRuleAction, owner, { name: "The rest", agentIds: [staff.userId] });
    rules = await listRoutingRules(agency.accountId);
    expect(rules.filter((r) => r.isDefault).map((r) => [r.name, r.agentIds])).toEqual([["The rest", [staff.userId]]]);

    // Availability: staff cannot, another account's owner cannot touch this account's member.
    expect(await run(setAvailabilityAction, staff, { userId: staff.userId, available: "false" })).toMatchObject({
      status: "error",
    });
    expect(await run(setAvailabilityAction, other.owner, { userId: staff.userId, available: "false" })).toMatchObject({
      status: "error",
    });
    expect(await run(setAvailabilityAction, owner, { userId: staff.userId, available: "false" })).toMatchObject({
      status: "success",
    });
    expect((await listAgentAvailability(agency.accountId)).find((a) => a.userId === staff.userId)?.available).toBe(
      false,
    );

    expect(await run(deleteRuleAction, owner, { ruleId: rules[0].id })).toMatchObject({ status: "success" });
    expect((await listRoutingRules(agency.accountId)).map((r) => r.name)).toEqual(["Web", "The rest"]);

    // Each change is in the audit log, by the owner, and nothing from the refused attempts.
    const entries = await (
      await getDb()
    )
      .select()
      .from(auditLogEntries)
      .where(eq(auditLogEntries.accountId, agency.accountId))
      .orderBy(asc(auditLogEntries.id));
    const routing = entries.filter(
      (e) => e.action.startsWith("routing_rule.") || e.action === "member.availability_changed",
    );
    expect(routing.map((e) => [e.action, e.targetLabel, e.actorId])).toEqual([
      ["routing_rule.created", "Website", owner.userId],
      ["routing_rule.created", "Luxury", owner.userId],
      ["routing_rule.updated", "Web", owner.userId],
      ["routing_rule.moved", "Web", owner.userId],
      ["routing_rule.created", "Everyone else", owner.userId],
      ["routing_rule.updated", "The rest", owner.userId],
      ["member.availability_changed", `${staff.name} <${staff.email}>`, owner.userId],
      ["routing_rule.deleted", "Luxury", owner.userId],
    ]);
    expect(routing[2].changes).toEqual({ name: ["Website", "Web"], rerouteAfterMinutes: [15, null] });
  }, 60_000);
});
