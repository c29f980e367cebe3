import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/db/client";
import { leads as leadsTable, mailOutbox } from "@/db/schema";
import { enqueue } from "@/lib/jobs/enqueue";
import { jobExecutor } from "@/lib/jobs/job-executor";
import { notifyLeadAssignedQueue } from "@/lib/jobs/workers/notify-lead-assigned";
import { insertNewLeads } from "@/lib/leads/insert-new-leads";
import { waitUntil } from "../jobs/wait-until";
import { createTenant } from "../../helpers/api";
import { startRoutingWorkers, tenantWithRoundRobin } from "./routing-fixture";

// The agents' emails after routed leads commit (lib/routing/announce-routed-leads.ts): what one
// process routes within a few milliseconds is queued together, a job per 25 leads of an account,
// and a graceful stop queues what it has gathered before pg-boss stops.

startRoutingWorkers();

const system = { type: "system" as const, id: null, name: "test" };

async function tenantWithAgents() {
  const { t, agents } = await tenantWithRoundRobin("notices.test");
  return { t, emails: agents.map((a) => a.email), agentIds: agents.map((a) => a.id) };
}

const mailsTo = async (emails: string[]) =>
  (await getDb()).select().from(mailOutbox).where(inArray(mailOutbox.to, emails));

/** The email jobs whose leads include any of `leadIds`. */
async function noticeJobs(leadIds: string[]) {
  const { rows } = await jobExecutor(await getDb()).executeSql(
    `select data from pgboss.job where name = $1
       and exists (select 1 from jsonb_array_elements(data->'leads') l where l->>'leadId' = any($2::text[]))`,
    [notifyLeadAssignedQueue.name, leadIds],
  );
  return rows as { data: { accountId: string; leads: { leadId: string; agentId: string }[] } }[];
}

describe("the agents' emails for routed leads", () => {
  it("are queued together, a job per 25 leads, and each lead's agent gets its own email", async () => {
    const { t, emails, agentIds } = await tenantWithAgents();
    const names = Array.from({ length: 30 }, (_, i) => ({ name: `Lead ${i + 1}`, source: "website" }));
    const written = await insertNewLeads(await getDb(), t.accountId, names, system);
    const ids = written.map((lead) => lead.id);

    const mails = await waitUntil("30 emails", async () => {
      const found = await mailsTo(emails);
      return found.length >= 30 ? found : null;
    });
    expect(mails).toHaveLength(30);
    expect(mails.filter((m) => m.to === emails[0])).toHaveLength(15);
    expect(new Set(mails.map((m) => m.subject))).toEqual(new Set(names.map((n) => `New lead: ${n.name}`)));

    const jobs = await noticeJobs(ids);
    expect(jobs.map((job) => job.data.leads.length).sort()).toEqual([25, 5]);
    for (const job of jobs) expect(job.data.accountId).toBe(t.accountId);
    expect(new Set(jobs.flatMap((job) => job.data.leads.map((l) => l.agentId)))).toEqual(new Set(agentIds));
  }, 60_000);

  it("a job of one lead queued before the gathering (a rolling deploy) is still sent", async () => {
    const { t, emails, agentIds } = await tenantWithAgents();
    const [lead] = await insertNewLeads(await getDb(), t.accountId, [{ name: "Old shape" }], system, {
      announce: false,
    });
    const db = await getDb();
    await enqueue(db, notifyLeadAssignedQueue, { accountId: t.accountId, leadId: lead.id, agentId: agentIds[0] });
    const [mail] = await waitUntil("the email", async () => {
      const found = await mailsTo(emails);
      return found.length ? found : null;
    });
    expect(mail).toMatchObject({ to: emails[0], subject: "New lead: Old shape" });
  }, 60_000);

  it("a lead no longer its agent's sends nothing; another account's lead id in a job sends nothing", async () => {
    const { t, emails, agentIds } = await tenantWithAgents();
    const other = await createTenant();
    const [lead] = await insertNewLeads(await getDb(), t.accountId, [{ name: "Moved" }], system, { announce: false });
    const db = await getDb();
    const [row] = await db
      .select({ assignedTo: leadsTable.assignedTo })
      .from(leadsTable)
      .where(eq(leadsTable.id, lead.id));
    const notItsAgent = agentIds.find((id) => id !== row.assignedTo)!;
    const job = (accountId: string, agentId: string) => ({ accountId, leads: [{ leadId: lead.id, agentId }] });
    await enqueue(db, notifyLeadAssignedQueue, job(t.accountId, notItsAgent));
    await enqueue(db, notifyLeadAssignedQueue, job(other.accountId, row.assignedTo!));
    await waitUntil("both jobs done", async () => {
      const { rows } = await jobExecutor(db).executeSql(
        "select count(*)::int as n from pgboss.job where name = $1 and data->>'accountId' = any($2::text[]) and state = 'completed'",
        [notifyLeadAssignedQueue.name, [t.accountId, other.accountId]],
      );
      return (rows[0] as { n: number }).n === 2;
    });
    expect(await mailsTo(emails)).toEqual([]);
  }, 60_000);

  it("a stop right after the commit still queues the gathered emails before pg-boss stops", async () => {
    const { t } = await tenantWithAgents();
    const written = await insertNewLeads(await getDb(), t.accountId, [{ name: "Last" }], system);
    // Straight away, within the gathering's milliseconds: closeDb runs the pending flush first.
    await closeDb();
    expect(await noticeJobs([written[0].id])).toHaveLength(1);
  }, 60_000);
});
