import { eq, sql } from "drizzle-orm";
import { DateTime } from "luxon";
import { LEAD_STATUSES, LEAD_INTERESTS } from "@/lib/domain/enums";
import type { Db, Tx } from "@/db/client";
import { accounts, activities, leads, properties, visits } from "@/db/schema";
import { newId } from "@/lib/ids/new-id";
import { activityRow, type Actor } from "@/lib/activities/record-activity";
import { createAccount } from "@/lib/accounts/create-account";
import { addUserToAccount } from "@/lib/users/add-user-to-account";
import { seedDemoRouting } from "./demo-routing";
import { findUserByEmail } from "@/lib/users/find-user-by-email";
import { DEMO_LOGINS } from "./demo-logins";
import { DEMO_PHONE_PREFIX, FIRST_NAMES, LAST_NAMES, NOTES, SOURCES, TAGS, seededRandom } from "./demo-data";
import { demoListings } from "./demo-listings";
import { seedAgentDays, type DemoAgent } from "./demo-agent-day";
import { seedAgentTasks } from "./demo-agent-tasks";
import { demoVisits, giveLeadsTheirVisitProperty } from "./demo-visits";

const DAY = 86_400_000;
type Log = (message: string) => void;

// Demo data: idempotent (does nothing once the demo owner exists). Dates are spread around the
// moment it runs, and each member of the first account gets a working day (visits today and
// tomorrow, texts waiting on a reply) so the dashboard is not empty on a fresh start.
export async function seedDemo(db: Db, log: Log = () => {}): Promise<{ created: boolean }> {
  if (await findUserByEmail(DEMO_LOGINS[0].email, db)) return { created: false };
  // One transaction under a lock: two processes (or test workers) seeding one database wait for
  // each other instead of colliding on the demo emails, and a seed cut short leaves nothing that
  // the check above would take for a finished one.
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('leadprop:seed-demo'))`);
    if (await findUserByEmail(DEMO_LOGINS[0].email, tx)) return { created: false };
    await seedDemoIn(tx, log);
    return { created: true };
  });
}

async function seedDemoIn(db: Tx, log: Log): Promise<void> {
  const now = new Date();
  const demoAccounts = new Map<string, { accountId: string; members: DemoAgent[] }>();
  for (const login of DEMO_LOGINS) {
    const existing = demoAccounts.get(login.account);
    if (!existing) {
      const created = await createAccount(
        { name: login.account, ownerName: login.name, email: login.email, password: login.password, plan: login.plan },
        db,
      );
      demoAccounts.set(login.account, {
        accountId: created.accountId,
        members: [{ id: created.userId, name: login.name }],
      });
      log(`seed: account ${login.account} (${login.plan})`);
    } else {
      const { userId } = await addUserToAccount(
        {
          accountId: existing.accountId,
          email: login.email,
          name: login.name,
          password: login.password,
          role: login.role,
        },
        db,
      );
      existing.members.push({ id: userId, name: login.name });
    }
  }
  const [main, summit, starter] = [...demoAccounts.values()];
  await seedBusinessData(db, main.accountId, main.members, 300, 1, now, log);
  await seedDemoRouting(
    db,
    main.accountId,
    main.members.map((m) => m.id),
  );
  log(`seed: lead routing: website leads round robin over ${main.members.length} agents`);
  await seedBusinessData(db, summit.accountId, summit.members, 60, 2, now, log);
  await seedBusinessData(db, starter.accountId, starter.members, 20, 3, now, log);
}

async function seedBusinessData(
  db: Tx,
  accountId: string,
  members: DemoAgent[],
  leadCount: number,
  seed: number,
  at: Date,
  log: Log,
) {
  const rnd = seededRandom(seed);
  const now = at.getTime();
  const userIds = members.map((m) => m.id);
  // Listings in the account's own country, currency and unit of area.
  const [account] = await db
    .select({
      name: accounts.name,
      country: accounts.defaultCountry,
      currency: accounts.currency,
      timezone: accounts.timezone,
      smsNumber: accounts.smsNumber,
    })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  const listings = demoListings(rnd, Math.max(5, Math.round(leadCount / 10)), account.country);
  const propertyRows = listings.map((listing) => {
    const createdAt = new Date(now - rnd.int(30, 365) * DAY);
    // A rental is let, not sold; a sale is sold, not rented.
    const done = listing.listingType === "sale" ? ("sold" as const) : ("rented" as const);
    return {
      id: newId("property"),
      accountId,
      ...listing,
      status: rnd.pick(["available", "available", "available", "reserved", done] as const),
      currency: account.currency,
      country: account.country,
      createdAt,
      updatedAt: createdAt,
    };
  });
  await db.insert(properties).values(propertyRows);
  // A lead who wants to buy asks about a listing for sale; one who wants to rent, a rental.
  const forSale = propertyRows.filter((p) => p.listingType === "sale");
  const forRent = propertyRows.filter((p) => p.listingType === "rent");

  const leadRows = Array.from({ length: leadCount }, () => {
    const first = rnd.pick(FIRST_NAMES);
    const last = rnd.pick(LAST_NAMES);
    const createdAt = new Date(now - rnd.int(0, 180) * DAY - rnd.int(0, DAY));
    const tags = [...new Set([rnd.pick(TAGS), rnd.pick(TAGS)])].slice(0, rnd.int(0, 2));
    const interest = rnd.pick(LEAD_INTERESTS);
    const asksAbout = interest === "buy" ? forSale : interest === "rent" ? forRent : [];
    return {
      id: newId("lead"),
      accountId,
      name: `${first} ${last}`,
      email: rnd.chance(0.9)
        ? `${first}.${last}.${rnd.int(1, 999)}@example.com`
            .toLowerCase()
            .normalize("NFD")
            .replace(/[^\x20-\x7e]/g, "")
        : null,
      phone: rnd.chance(0.85) ? `${DEMO_PHONE_PREFIX}${String(rnd.int(0, 9999)).padStart(4, "0")}` : null,
      status: rnd.pick(LEAD_STATUSES),
      source: rnd.pick(SOURCES),
      interest,
      // A buyer's budget is a price, a renter's a monthly rent; sellers and landlords have none.
      budget:
        interest === "buy" && rnd.chance(0.8)
          ? rnd.int(30, 300) * 10_000
          : interest === "rent" && rnd.chance(0.8)
            ? rnd.int(15, 80) * 100
            : null,
      propertyId: asksAbout.length && rnd.chance(0.5) ? rnd.pick(asksAbout).id : null,
      assignedTo: rnd.chance(0.6) ? rnd.pick(userIds) : null,
      tags,
      notes: rnd.pick(NOTES),
      smsOptOut: rnd.chance(0.05),
      createdAt,
      updatedAt: createdAt,
    };
  });
  // A lead past New was moved a day after it came in, or halfway to now for one newer than two
  // days: never after the seed's now, so no timeline shows a change still to come.
  const movedAt = (createdAt: Date) =>
    new Date(createdAt.getTime() + Math.min(DAY, Math.floor((now - createdAt.getTime()) / 2)));
  for (const lead of leadRows) if (lead.status !== "new") lead.updatedAt = movedAt(lead.createdAt);
  leadRows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());

  const actor: Actor = { type: "system", id: null, name: "Demo import" };
  const activityRows = leadRows.flatMap((lead) => {
    const target = { accountId, leadId: lead.id, actor };
    const rows = [
      activityRow({ ...target, at: lead.createdAt }, { kind: "lead_created", name: lead.name, source: lead.source }),
    ];
    if (lead.status !== "new") {
      const changed = { kind: "lead_changed" as const, changes: { status: ["new", lead.status] as [string, string] } };
      rows.push(activityRow({ ...target, at: lead.updatedAt }, changed));
    }
    return rows;
  });
  const today = DateTime.fromJSDate(at).setZone(account.timezone).startOf("day");
  const visitRows = demoVisits({
    accountId,
    leads: leadRows,
    listings: propertyRows,
    agentIds: userIds,
    today,
    now,
    rnd,
  });
  giveLeadsTheirVisitProperty(leadRows, visitRows);
  // Inserted once their visits have given them their property.
  await db.insert(leads).values(leadRows);
  if (visitRows.length) await db.insert(visits).values(visitRows);
  for (const visit of visitRows) {
    const target = { accountId, leadId: visit.leadId, actor, at: visit.createdAt };
    const { id: visitId, propertyId, scheduledAt } = visit;
    activityRows.push(activityRow(target, { kind: "visit_scheduled", visitId, propertyId, scheduledAt }));
  }
  for (let i = 0; i < activityRows.length; i += 500) await db.insert(activities).values(activityRows.slice(i, i + 500));
  log(
    `seed: ${leadRows.length} leads, ${propertyRows.length} properties, ${visitRows.length} visits, ${activityRows.length} activities`,
  );
  // Only an account with a team (the first) gets the working day: the others stay as they were.
  if (members.length < 2) return;
  const day = await seedAgentDays(db, {
    accountId,
    accountName: account.name,
    timeZone: account.timezone,
    smsNumber: account.smsNumber,
    agents: members,
    leads: leadRows,
    listings: propertyRows,
    rnd: seededRandom(seed + 100),
    now: at,
  });
  log(`seed: today and tomorrow for ${members.length} agents: ${day.visits} visits, ${day.texts} texts`);
  const taskCount = await seedAgentTasks(db, {
    accountId,
    timeZone: account.timezone,
    agents: members,
    leads: leadRows,
    now: at,
  });
  log(`seed: ${taskCount} tasks (yesterday's overdue one, today's, tomorrow's)`);
}
