import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { activities, leads, memberships, properties, smsMessages, users, visits } from "@/db/schema";
import { createAccount } from "@/lib/accounts/create-account";
import { listLeadsAwaitingReply } from "@/lib/dashboard/list-leads-awaiting-reply";
import { listMyUpcomingVisits } from "@/lib/dashboard/list-my-upcoming-visits";
import { newId } from "@/lib/ids/new-id";
import { addUserToAccount } from "@/lib/users/add-user-to-account";
import { seededRandom } from "@/lib/seed/demo-data";
import { seedAgentDays } from "@/lib/seed/demo-agent-day";
import { seedAgentTasks } from "@/lib/seed/demo-agent-tasks";
import { listMyTasks } from "@/lib/dashboard/list-my-tasks";
import { DEMO_LOGINS } from "@/lib/seed/demo-logins";
import { seedDemo } from "@/lib/seed/seed-demo";

// The demo's working day: what the dashboard's cards read (the same queries the page runs) has
// something in it for the demo staff user, placed around the seed's start in the account's zone.

const unique = () => Math.random().toString(36).slice(2, 10);
const ZONE = "America/New_York";
const DAY = 86_400_000;

/** An agency with one staff agent and `n` of their leads, known for a month, each with a phone. */
async function agencyWithLeads(n: number, now: Date) {
  const db = await getDb();
  const owner = await createAccount({
    name: "Dayview Homes",
    email: `day-${unique()}@x.test`,
    password: "pw",
    plan: "agency",
    timezone: ZONE,
  });
  const staff = await addUserToAccount({
    accountId: owner.accountId,
    email: `day-staff-${unique()}@x.test`,
    name: "Dana Day",
    password: "pw",
    role: "staff",
  });
  const propertyId = newId("property");
  await db.insert(properties).values({
    id: propertyId,
    accountId: owner.accountId,
    title: "12 Oak St",
    type: "house",
    listingType: "sale",
    price: 500_000,
    currency: "USD",
  });
  const rows = Array.from({ length: n }, (_, i) => ({
    id: newId("lead"),
    accountId: owner.accountId,
    name: `Lead ${i} Day`,
    phone: `+1415555${String(2000 + i)}`,
    status: "qualified" as const,
    assignedTo: staff.userId,
    smsOptOut: false,
    propertyId: i % 2 ? propertyId : null,
    createdAt: new Date(now.getTime() - 30 * DAY),
  }));
  await db.insert(leads).values(rows);
  return { accountId: owner.accountId, staffId: staff.userId, rows, propertyId };
}

describe("the demo agent's day", () => {
  it("places visits today and tomorrow in the account's zone, and texts waiting on a reply", async () => {
    const db = await getDb();
    // Midday in New York: the 10:00 viewing took place, 14:30 and 17:00 are still to come.
    const now = new Date("2026-03-10T16:00:00Z"); // 12:00 EDT
    const agency = await agencyWithLeads(10, now);
    const hadNoProperty = new Set(agency.rows.filter((l) => !l.propertyId).map((l) => l.id));
    const made = await seedAgentDays(db, {
      accountId: agency.accountId,
      accountName: "Dayview Homes",
      timeZone: ZONE,
      smsNumber: null,
      agents: [{ id: agency.staffId, name: "Dana Day" }],
      leads: agency.rows,
      listings: [{ id: agency.propertyId, listingType: "sale" }],
      rnd: seededRandom(7),
      now,
    });
    expect(made).toEqual({ visits: 5, texts: 7 });

    const { today, tomorrow } = await listMyUpcomingVisits(agency.accountId, agency.staffId, ZONE, now);
    const local = (at: Date) =>
      new Intl.DateTimeFormat("en-GB", { timeZone: ZONE, hour: "2-digit", minute: "2-digit" }).format(at);
    expect(today.map((v) => [local(v.scheduledAt), v.status])).toEqual([
      ["10:00", "completed"],
      ["14:30", "scheduled"],
      ["17:00", "scheduled"],
    ]);
    expect(tomorrow.map((v) => [local(v.scheduledAt), v.status])).toEqual([
      ["09:30", "scheduled"],
      ["13:00", "scheduled"],
    ]);
    // Every visit has a property (the lead's own, else one of the account's) and its activity.
    expect(today.concat(tomorrow).every((v) => v.propertyId === agency.propertyId)).toBe(true);
    const [{ scheduled }] = await db
      .select({ scheduled: count() })
      .from(activities)
      .where(and(eq(activities.accountId, agency.accountId), eq(activities.type, "visit_scheduled")));
    expect(scheduled).toBe(5);
    // Half the leads asked about no listing: each with a visit now has the visit's, as a booking gives it.
    const visited = await db
      .select({ id: leads.id, propertyId: leads.propertyId })
      .from(leads)
      .innerJoin(visits, eq(visits.leadId, leads.id))
      .where(eq(leads.accountId, agency.accountId));
    expect(visited.filter((l) => hadNoProperty.has(l.id)).length).toBeGreaterThan(0);
    expect(visited.map((l) => l.propertyId)).toEqual(visited.map(() => agency.propertyId));

    // Two leads wait on a reply; the third conversation was answered, so it is not listed.
    const awaiting = await listLeadsAwaitingReply(agency.accountId, 8, now);
    expect(awaiting.total).toBe(2);
    expect(awaiting.leads.every((l) => l.assignedTo === agency.staffId && l.receivedAt < now)).toBe(true);
    const texts = await db.select().from(smsMessages).where(eq(smsMessages.accountId, agency.accountId));
    const fromLeads = texts.filter((t) => t.direction === "inbound");
    expect(fromLeads).toHaveLength(3);
    for (const t of fromLeads) {
      expect(t).toMatchObject({ status: "received", to: "+12025550100" });
      expect(agency.rows.find((l) => l.id === t.leadId)?.phone).toBe(t.from);
    }
    // The two waiting replies are unread; the answered one was read when the agent answered it.
    const waitingIds = new Set(awaiting.leads.map((l) => l.leadId));
    expect(
      fromLeads
        .filter((t) => t.readAt === null)
        .map((t) => t.leadId)
        .sort(),
    ).toEqual([...waitingIds].sort());
    const answeredReply = fromLeads.find((t) => !waitingIds.has(t.leadId!))!;
    const answer = texts.find(
      (t) => t.direction === "outbound" && t.leadId === answeredReply.leadId && t.createdAt > answeredReply.createdAt,
    );
    expect(answeredReply.readAt).toEqual(answer?.createdAt);
    // Each text has its timeline entry.
    const [{ smsActivities }] = await db
      .select({ smsActivities: count() })
      .from(activities)
      .where(and(eq(activities.accountId, agency.accountId), eq(activities.type, "sms_received")));
    expect(smsActivities).toBe(3);
  });

  it("late in the evening, today's visits are the ones that took place, tomorrow's still to come", async () => {
    const db = await getDb();
    const now = new Date("2026-03-11T03:30:00Z"); // 23:30 EDT on the 10th
    const agency = await agencyWithLeads(8, now);
    await seedAgentDays(db, {
      accountId: agency.accountId,
      accountName: "Dayview Homes",
      timeZone: ZONE,
      smsNumber: null,
      agents: [{ id: agency.staffId, name: "Dana Day" }],
      leads: agency.rows,
      listings: [{ id: agency.propertyId, listingType: "sale" }],
      rnd: seededRandom(8),
      now,
    });
    const { today, tomorrow } = await listMyUpcomingVisits(agency.accountId, agency.staffId, ZONE, now);
    expect(today.map((v) => v.status)).toEqual(["completed", "completed", "completed"]);
    expect(tomorrow.map((v) => v.status)).toEqual(["scheduled", "scheduled"]);
  });

  it("gives each agent a day of tasks about their leads: one overdue from yesterday, today's, one done", async () => {
    const db = await getDb();
    const now = new Date("2026-03-10T16:00:00Z"); // 12:00 EDT
    const agency = await agencyWithLeads(4, now);
    const made = await seedAgentTasks(db, {
      accountId: agency.accountId,
      timeZone: ZONE,
      agents: [{ id: agency.staffId, name: "Dana Day" }],
      leads: agency.rows,
      now,
    });
    expect(made).toBe(7);
    const local = (at: Date) =>
      new Intl.DateTimeFormat("en-GB", { timeZone: ZONE, weekday: "short", hour: "2-digit", minute: "2-digit" }).format(
        at,
      );
    const { overdue, today } = await listMyTasks(agency.accountId, agency.staffId, ZONE, now);
    expect(overdue.map((t) => local(t.dueAt))).toEqual(["Tue 11:00", "Mon 16:00"]);
    expect(today.map((t) => local(t.dueAt))).toEqual(["Tue 14:00", "Tue 16:30", "Tue 18:00"]);
    expect(today.every((t) => t.leadId && agency.rows.some((l) => l.id === t.leadId))).toBe(true);
    // The 08:30 task was done at its time, with its activity on the lead.
    const [{ done }] = await db
      .select({ done: count() })
      .from(activities)
      .where(and(eq(activities.accountId, agency.accountId), eq(activities.type, "task_completed")));
    expect(done).toBe(1);
  });

  it("gives the demo staff user a dashboard with visits, their leads and texts to answer", async () => {
    const db = await getDb();
    await seedDemo(db); // Idempotent: another suite may have seeded this database already.
    const staffLogin = DEMO_LOGINS.find((l) => l.role === "staff")!;
    const [staff] = await db
      .select({ id: users.id, accountId: memberships.accountId, createdAt: users.createdAt })
      .from(users)
      .innerJoin(memberships, eq(memberships.userId, users.id))
      .where(eq(users.email, staffLogin.email));
    // The seed's moment: its users are made first, in its transaction (now() is its start).
    const seededAt = staff.createdAt;
    const { today, tomorrow } = await listMyUpcomingVisits(staff.accountId, staff.id, ZONE, seededAt);
    expect(today.length).toBeGreaterThanOrEqual(3);
    expect(tomorrow.length).toBeGreaterThanOrEqual(2);
    const [{ mine }] = await db
      .select({ mine: count() })
      .from(leads)
      .where(and(eq(leads.accountId, staff.accountId), eq(leads.assignedTo, staff.id)));
    expect(mine).toBeGreaterThan(20);
    const awaiting = await listLeadsAwaitingReply(staff.accountId, 8, seededAt);
    expect(awaiting.leads.filter((l) => l.assignedTo === staff.id).length).toBeGreaterThanOrEqual(2);
  });
});
