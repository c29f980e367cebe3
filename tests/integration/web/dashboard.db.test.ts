import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { leadImports, smsMessages, visits } from "@/db/schema";
import { createAccount } from "@/lib/accounts/create-account";
import { countLeadsByStatus } from "@/lib/board/count-leads-by-status";
import { getFirstRunSteps } from "@/lib/dashboard/get-first-run-steps";
import { listLeadsAwaitingReply } from "@/lib/dashboard/list-leads-awaiting-reply";
import { listMyUpcomingVisits } from "@/lib/dashboard/list-my-upcoming-visits";
import { listUncontactedLeads } from "@/lib/dashboard/list-uncontacted-leads";
import { newId } from "@/lib/ids/new-id";
import { insertApiKey } from "@/lib/keys/create-api-key";
import { addUserToAccount } from "@/lib/users/add-user-to-account";
import { agencyWithStaff, leadOf, visitOf, type Agency } from "./web-fixtures";

const MINUTE = 60_000;

/** An SMS row as the SMS services store it, at a chosen time (the window and order are the point). */
async function sms(
  a: Agency,
  leadId: string,
  direction: "inbound" | "outbound",
  minutesAgo: number,
  status: "received" | "sent" | "failed" | "scheduled" = direction === "inbound" ? "received" : "sent",
) {
  const at = new Date(Date.now() - minutesAgo * MINUTE);
  await (await getDb()).insert(smsMessages).values({
    id: newId("sms"),
    accountId: a.accountId,
    leadId,
    direction,
    to: "+14155550100",
    from: direction === "inbound" ? "+14155550123" : null,
    message: `${direction} ${minutesAgo}`,
    status,
    provider: "log",
    createdAt: at,
    updatedAt: at,
  });
}

// The home dashboard's reads (issue 24): each scoped to the account, each from the data.
describe(`dashboard on ${process.env.TEST_DB_ENGINE ?? "postgres"}`, () => {
  it("leads waiting on a reply: last text inbound and unanswered, in the last 30 days, longest first", async () => {
    const a = await agencyWithStaff("Reply Homes");
    const waiting = await leadOf(a, { name: "Waiting" });
    const answered = await leadOf(a, { name: "Answered" });
    const failedReply = await leadOf(a, { name: "Failed reply" });
    const twice = await leadOf(a, { name: "Wrote twice" });
    const old = await leadOf(a, { name: "Too old" });
    const optedOut = await leadOf(a, { name: "Opted out", smsOptOut: true });
    const queued = await leadOf(a, { name: "Reply scheduled" });
    await sms(a, waiting.id, "outbound", 60);
    await sms(a, waiting.id, "inbound", 50);
    await sms(a, answered.id, "inbound", 40);
    await sms(a, answered.id, "outbound", 30);
    await sms(a, failedReply.id, "inbound", 45);
    await sms(a, failedReply.id, "outbound", 44, "failed");
    await sms(a, twice.id, "inbound", 20);
    await sms(a, twice.id, "inbound", 10);
    await sms(a, old.id, "inbound", 31 * 24 * 60);
    await sms(a, optedOut.id, "inbound", 5);
    await sms(a, queued.id, "inbound", 8);
    await sms(a, queued.id, "outbound", 7, "scheduled");

    const result = await listLeadsAwaitingReply(a.accountId);
    expect(result.leads.map((l) => [l.leadName, l.message])).toEqual([
      ["Waiting", "inbound 50"],
      ["Failed reply", "inbound 45"],
      ["Wrote twice", "inbound 10"],
    ]);
    expect(result.total).toBe(3);
    expect((await listLeadsAwaitingReply(a.accountId, 1)).leads).toHaveLength(1);

    // Another account sees none of them.
    const other = await agencyWithStaff("Other Homes");
    expect(await listLeadsAwaitingReply(other.accountId)).toEqual({ leads: [], total: 0 });
  });

  it("new leads oldest first; my leads by status; my visits today and tomorrow in my zone", async () => {
    const a = await agencyWithStaff("Day Homes");
    const first = await leadOf(a, { name: "First in" });
    await leadOf(a, { name: "Second in", assignedTo: a.staff.userId });
    await leadOf(a, { name: "Contacted", status: "contacted", assignedTo: a.staff.userId });
    await leadOf(a, { name: "Won", status: "won", assignedTo: a.owner.userId });
    const uncontacted = await listUncontactedLeads(a.accountId);
    expect(uncontacted.leads.map((l) => l.name)).toEqual(["First in", "Second in"]);
    expect(uncontacted.total).toBe(2);
    expect(await countLeadsByStatus(a.accountId, { assignedTo: a.staff.userId })).toEqual({
      new: 1,
      contacted: 1,
      qualified: 0,
      visit_scheduled: 0,
      negotiating: 0,
      won: 0,
      lost: 0,
    });

    // 23:30 on 1 March in New York is 04:30 UTC on 2 March: "today" is still 1 March there.
    const now = new Date("2026-03-02T04:30:00Z");
    const { visit } = await visitOf(a, first.id);
    const db = await getDb();
    const at = async (iso: string, agentId: string | null, status: "scheduled" | "cancelled" = "scheduled") => {
      const id = newId("visit");
      await db
        .insert(visits)
        .values({ id, accountId: a.accountId, leadId: first.id, scheduledAt: new Date(iso), agentId, status });
      return id;
    };
    const earlyToday = await at("2026-03-01T14:00:00Z", a.staff.userId); // 09:00 EST on the 1st
    const lateToday = await at("2026-03-02T04:00:00Z", a.staff.userId); // 23:00 EST on the 1st
    const tomorrow = await at("2026-03-02T15:00:00Z", a.staff.userId); // 10:00 EST on the 2nd
    const dayAfter = await at("2026-03-03T06:00:00Z", a.staff.userId); // 01:00 EST on the 3rd: too late
    await at("2026-03-01T15:00:00Z", a.owner.userId); // someone else's
    await at("2026-03-01T16:00:00Z", a.staff.userId, "cancelled");
    await at("2026-03-01T04:00:00Z", a.staff.userId); // 23:00 EST on 28 February: yesterday
    const ny = await listMyUpcomingVisits(a.accountId, a.staff.userId, "America/New_York", now);
    expect(ny.today.map((v) => v.id)).toEqual([earlyToday, lateToday]);
    expect(ny.tomorrow.map((v) => v.id)).toEqual([tomorrow]);
    expect(ny.today[0]).toMatchObject({ leadName: "First in", propertyTitle: null });
    // In Paris the same instant is 05:30 on 2 March: today there is the 2nd, tomorrow the 3rd.
    const paris = await listMyUpcomingVisits(a.accountId, a.staff.userId, "Europe/Paris", now);
    expect(paris.today.map((v) => v.id)).toEqual([lateToday, tomorrow]);
    expect(paris.tomorrow.map((v) => v.id)).toEqual([dayAfter]);
    expect(visit.agentId).toBeNull();

    const other = await agencyWithStaff("Stranger Homes");
    expect(await listUncontactedLeads(other.accountId)).toEqual({ leads: [], total: 0 });
    expect(await listMyUpcomingVisits(other.accountId, a.staff.userId, "America/New_York", now)).toEqual({
      today: [],
      tomorrow: [],
    });
  });

  it("first-run steps are read from the data: team, API key, a completed import", async () => {
    const a = await agencyWithStaff("Steps Homes");
    const done = (steps: Awaited<ReturnType<typeof getFirstRunSteps>>) =>
      Object.fromEntries(steps.map((s) => [s.key, s.done]));
    // agencyWithStaff already added a staff member: the team step is done.
    expect(done(await getFirstRunSteps(a.accountId))).toEqual({
      invite_team: true,
      create_api_key: false,
      import_leads: false,
    });
    await insertApiKey(await getDb(), { accountId: a.accountId, name: "Website", createdBy: a.owner.userId });
    const db = await getDb();
    const importRow = (status: string) => ({
      id: newId("leadImport"),
      accountId: a.accountId,
      createdBy: a.owner.userId,
      createdByName: "Olga Owner",
      fileName: "leads.csv",
      byteSize: 10,
      encoding: "utf-8",
      delimiter: ",",
      content: "name\nAda\n",
      headers: ["name"],
      totalRows: 1,
      status,
    });
    await db.insert(leadImports).values(importRow("failed"));
    expect(done(await getFirstRunSteps(a.accountId))).toMatchObject({ create_api_key: true, import_leads: false });
    await db.insert(leadImports).values(importRow("completed"));
    expect(done(await getFirstRunSteps(a.accountId))).toMatchObject({ import_leads: true });

    // A new agency: only its owner, so nothing is done; a second member does the team step.
    const fresh = await createAccount({
      name: "Fresh Homes",
      ownerName: "Fay Fresh",
      email: `fresh-${Date.now()}@x.test`,
      password: "fresh-pass-1",
      plan: "agency",
    });
    expect(done(await getFirstRunSteps(fresh.accountId))).toEqual({
      invite_team: false,
      create_api_key: false,
      import_leads: false,
    });
    await addUserToAccount({
      accountId: fresh.accountId,
      email: `fresh-staff-${Date.now()}@x.test`,
      name: "Fred",
      password: "fred-pass-12",
      role: "staff",
    });
    expect(done(await getFirstRunSteps(fresh.accountId))).toMatchObject({ invite_team: true, create_api_key: false });
  });
});
