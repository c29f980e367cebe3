import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { activities, leads, mailOutbox } from "@/db/schema";
import { recordActivity } from "@/lib/activities/record-activity";
import { enqueueMany } from "@/lib/jobs/enqueue";
import { jobExecutor } from "@/lib/jobs/job-executor";
import { notifyLeadAssignedQueue } from "@/lib/jobs/workers/notify-lead-assigned";
import { rerouteSilentLeadQueue } from "@/lib/jobs/workers/reroute-silent-lead";
import { insertNewLeads } from "@/lib/leads/insert-new-leads";
import { inTransaction } from "@/lib/query/after-commit";
import { rerouteSilentLead, type RerouteSilentLeadJob } from "@/lib/routing/reroute-silent-lead";
import { callApi, createTenant, type TestTenant } from "../../helpers/api";
import type { DataBody, Lead } from "../../helpers/api-bodies";
import { limitThroughRealRedis } from "../api/setup-api-tests";
import { waitUntil } from "../jobs/wait-until";
import { startRoutingWorkers, tenantWithRoundRobin } from "./routing-fixture";

limitThroughRealRedis();

// What follows a routed lead's commit (issue 34): the agent's email through the
// notify-lead-assigned job, and the re-route after silence, a pg-boss job held until the rule's
// minutes have passed, one per lead, that moves the lead once.

startRoutingWorkers();

const create = async (t: TestTenant, body: object) => {
  const res = await callApi<DataBody<Lead>>("POST", "/api/v1/leads", { key: t.key, body });
  expect(res.status).toBe(201);
  return res.body.data;
};

const mailTo = async (email: string) => (await getDb()).select().from(mailOutbox).where(eq(mailOutbox.to, email));

/** The queue's jobs about the lead: a re-route names it, an email job lists it among its leads. */
async function jobsOf(queue: string, leadId: string) {
  const { rows } = await jobExecutor(await getDb()).executeSql(
    `select id, singleton_key, start_after, data from pgboss.job where name = $1
       and (data->>'leadId' = $2 or data->'leads' @> jsonb_build_array(jsonb_build_object('leadId', $2::text)))`,
    [queue, leadId],
  );
  return rows as { id: string; singleton_key: string; start_after: Date | string; data: RerouteSilentLeadJob }[];
}

const leadRow = async (id: string) => (await (await getDb()).select().from(leads).where(eq(leads.id, id)))[0];

describe("after a routed lead commits", () => {
  it("its agent gets an email with the lead's name, source and link; a rolled-back lead queues nothing", async () => {
    const { t, agents } = await tenantWithRoundRobin("routing-jobs.test", { name: "Website" });
    const lead = await create(t, { name: "Ada Lovelace", source: "website" });
    expect(lead.assignedTo).toBe(agents[0].id);
    const [mail] = await waitUntil("Ann's email", async () => {
      const mails = await mailTo(agents[0].email);
      return mails.length ? mails : null;
    });
    expect(mail.subject).toBe("New lead: Ada Lovelace");
    expect(mail.text).toContain("A new lead from website is yours: Ada Lovelace.");
    expect(mail.text).toContain(`/leads/${lead.id}`);
    expect(await mailTo(agents[1].email)).toEqual([]);

    class Rollback extends Error {}
    let rolledBack = "";
    await expect(
      inTransaction(await getDb(), async (tx) => {
        const actor = { type: "system" as const, id: null, name: "test" };
        [{ id: rolledBack }] = await insertNewLeads(tx, t.accountId, [{ name: "Never" }], actor);
        throw new Rollback();
      }),
    ).rejects.toBeInstanceOf(Rollback);
    // The CSV import's write routes without telling (announce: false): a backlog, not a new lead.
    const actor = { type: "system" as const, id: null, name: "test" };
    const [imported] = await insertNewLeads(await getDb(), t.accountId, [{ name: "Imported" }], actor, {
      announce: false,
    });
    expect((await leadRow(imported.id)).assignedTo).toEqual(expect.stringMatching(/^user_/));
    // A lead created after them is told: by then they would have been queued too.
    const after = await create(t, { name: "After" });
    await waitUntil("the next lead's email", async () => (await jobsOf(notifyLeadAssignedQueue.name, after.id)).length);
    expect(await jobsOf(notifyLeadAssignedQueue.name, rolledBack)).toEqual([]);
    expect(await jobsOf(notifyLeadAssignedQueue.name, imported.id)).toEqual([]);
  }, 60_000);

  it("re-routes after the rule's minutes without contact, once: one job per lead, held until then, that moves it to the next agent", async () => {
    const { t, agents, ruleId } = await tenantWithRoundRobin("routing-jobs.test", {
      name: "Website",
      rerouteAfterMinutes: 30,
    });
    const lead = await create(t, { name: "Silent", source: "website" });
    expect(lead.assignedTo).toBe(agents[0].id);
    const [job] = await waitUntil("the re-route job", async () => {
      const found = await jobsOf(rerouteSilentLeadQueue.name, lead.id);
      return found.length ? found : null;
    });
    expect(job.singleton_key).toBe(lead.id);
    const wait = new Date(job.start_after).getTime() - Date.now();
    expect(wait).toBeGreaterThan(29 * 60_000);
    expect(wait).toBeLessThan(31 * 60_000);
    // A second send for the lead is dropped while the first waits.
    await enqueueMany(await getDb(), rerouteSilentLeadQueue, [{ data: job.data, singletonKey: lead.id }]);
    expect(await jobsOf(rerouteSilentLeadQueue.name, lead.id)).toHaveLength(1);

    // Its time comes: pg-boss runs it.
    await jobExecutor(await getDb()).executeSql("update pgboss.job set start_after = now() where id = $1", [job.id]);
    await waitUntil("the lead to move to Bob", async () => (await leadRow(lead.id)).assignedTo === agents[1].id);
    const assigned = await (
      await getDb()
    )
      .select()
      .from(activities)
      .where(and(eq(activities.leadId, lead.id), eq(activities.type, "lead_assigned")))
      // In time order: without it PostgreSQL may return them either way (a clean-clone CI did).
      .orderBy(asc(activities.createdAt), asc(activities.id));
    expect(assigned.map((a) => a.summary)).toEqual([
      "Assigned to Ann by rule “Website”",
      "Re-routed to Bob: no contact within 30 minutes (rule “Website”)",
    ]);
    expect(assigned[1].data).toEqual({
      assignedTo: agents[1].id,
      ruleId,
      ruleName: "Website",
      reroutedFrom: agents[0].id,
    });
    await waitUntil("Bob's email", async () => (await mailTo(agents[1].email)).length === 1);

    // The same job run again (at-least-once) moves nothing.
    expect(await rerouteSilentLead(job.data)).toBeNull();
    expect((await leadRow(lead.id)).assignedTo).toBe(agents[1].id);
  }, 60_000);

  it("a note recorded since the assignment keeps the lead with its agent", async () => {
    const { t, agents, ruleId } = await tenantWithRoundRobin("routing-jobs.test", {
      name: "Website",
      rerouteAfterMinutes: 30,
    });
    const lead = await create(t, { name: "Called back" });
    await recordActivity(
      await getDb(),
      { accountId: t.accountId, leadId: lead.id, actor: { type: "user", id: agents[0].id, name: "Ann" } },
      { kind: "note", text: "Called: viewing on Saturday" },
    );
    const data = { accountId: t.accountId, leadId: lead.id, agentId: agents[0].id, ruleId, assignedAt: lead.createdAt };
    expect(await rerouteSilentLead(data)).toBeNull();
    expect((await leadRow(lead.id)).assignedTo).toBe(agents[0].id);
    // Another account's job data names a lead it cannot reach: nothing moves.
    const other = await createTenant();
    expect(await rerouteSilentLead({ ...data, accountId: other.accountId })).toBeNull();
  }, 60_000);
});
