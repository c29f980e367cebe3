import { and, eq, gt, inArray, isNotNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { accounts, activities, leads, memberships, properties, users, visits } from "@/db/schema";
import { DEMO_LOGINS } from "@/lib/seed/demo-logins";
import { SQ_FT_PER_SQM } from "@/lib/properties/area-units";
import { seedDemo } from "@/lib/seed/seed-demo";
import { previewRoute } from "@/lib/routing/preview-route";
import type { LeadCreateInput } from "@/lib/schemas/leads";

// What `db seed` (and the embedded default's first start) leaves for a visitor to click through:
// listings that make sense for the demo agency, in its own unit and currency.

describe("demo data", () => {
  it("seeds listings that make sense, and leads that ask about the right kind", async () => {
    const db = await getDb();
    await seedDemo(db); // Idempotent: another suite may have seeded this database already.
    const [owner] = await db
      .select({ accountId: memberships.accountId })
      .from(users)
      .innerJoin(memberships, eq(memberships.userId, users.id))
      .where(eq(users.email, DEMO_LOGINS[0].email));
    const listings = await db.select().from(properties).where(eq(properties.accountId, owner.accountId));
    expect(listings.length).toBeGreaterThanOrEqual(30);
    expect(new Set(listings.map((p) => p.title)).size).toBe(listings.length);
    for (const p of listings) {
      expect(p.type === "land" && p.listingType === "rent").toBe(false);
      if (p.type === "land" || p.type === "commercial") expect(p.bedrooms).toBeNull();
      if (p.listingType === "rent") expect(p.status).not.toBe("sold");
      if (p.listingType === "sale") expect(p.status).not.toBe("rented");
      // A US agency: whole tens of square feet, in US dollars.
      expect(Math.round(p.areaSqm! * SQ_FT_PER_SQM) % 10).toBe(0);
      expect([p.country, p.currency]).toEqual(["US", "USD"]);
    }
    const asked = await db
      .select({ interest: leads.interest, listingType: properties.listingType })
      .from(leads)
      .innerJoin(properties, eq(properties.id, leads.propertyId))
      .where(and(eq(leads.accountId, owner.accountId), isNotNull(leads.propertyId)));
    expect(asked.length).toBeGreaterThan(0);
    for (const a of asked) expect(a.listingType).toBe(a.interest === "rent" ? "rent" : "sale");
  });

  it("gives a visit's lead the visit's property when it asked about none, as booking one in the app does", async () => {
    const db = await getDb();
    await seedDemo(db);
    const demoAccounts = db
      .select({ id: memberships.accountId })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(
        inArray(
          users.email,
          DEMO_LOGINS.map((l) => l.email),
        ),
      );
    const visited = await db
      .select({ leadProperty: leads.propertyId, visitProperty: visits.propertyId })
      .from(visits)
      .innerJoin(leads, eq(leads.id, visits.leadId))
      .where(inArray(visits.accountId, demoAccounts));
    expect(visited.length).toBeGreaterThan(50);
    expect(visited.filter((v) => v.leadProperty === null)).toEqual([]);
    // A lead's one visit is to its listing (the working day's visits too).
    const elsewhere = visited.filter((v) => v.leadProperty !== v.visitProperty);
    expect(elsewhere).toEqual([]);
  });

  it("agrees with itself: listings and numbers where the agency's clock is, and no timeline entry after now", async () => {
    const db = await getDb();
    const seededBy = new Date();
    await seedDemo(db);
    const [owner] = await db
      .select({ accountId: memberships.accountId, timezone: accounts.timezone })
      .from(users)
      .innerJoin(memberships, eq(memberships.userId, users.id))
      .innerJoin(accounts, eq(accounts.id, memberships.accountId))
      .where(eq(users.email, DEMO_LOGINS[0].email));
    // An agency on New York's clock lists around New York, and its leads have New York numbers
    // (a (415) number was texted on Pacific time by quiet hours, three hours off the agency's).
    expect(owner.timezone).toBe("America/New_York");
    const regions = await db
      .selectDistinct({ region: properties.region })
      .from(properties)
      .where(eq(properties.accountId, owner.accountId));
    expect(regions.map((r) => r.region).sort()).toEqual(["NJ", "NY"]);
    const phones = await db
      .select({ phone: leads.phone })
      .from(leads)
      .where(and(eq(leads.accountId, owner.accountId), isNotNull(leads.phone)));
    expect(phones.filter((p) => !p.phone!.startsWith("+1212")).length).toBe(0);
    // A lead moved on "a day after it came in" was once dated tomorrow when it came in today.
    const now = new Date(Math.max(Date.now(), seededBy.getTime()));
    const future = await db
      .select({ id: activities.id })
      .from(activities)
      .where(and(eq(activities.accountId, owner.accountId), gt(activities.createdAt, now)));
    expect(future).toEqual([]);
    const touched = await db
      .select({ id: leads.id })
      .from(leads)
      .where(and(eq(leads.accountId, owner.accountId), gt(leads.updatedAt, now)));
    expect(touched).toEqual([]);
  });

  it("routes the demo agency's website leads round robin over its team", async () => {
    const db = await getDb();
    await seedDemo(db);
    const [owner] = await db
      .select({ accountId: memberships.accountId })
      .from(users)
      .innerJoin(memberships, eq(memberships.userId, users.id))
      .where(eq(users.email, DEMO_LOGINS[0].email));
    const team = await db.select().from(memberships).where(eq(memberships.accountId, owner.accountId));
    // Read only: the demo's turn is not taken.
    const preview = await previewRoute({ accountId: owner.accountId, defaultCountry: "US" }, {
      name: "Visitor",
      source: "website",
    } as LeadCreateInput);
    expect(preview).toMatchObject({ rule: { name: "Website leads" }, reason: "round_robin" });
    expect(team.map((m) => m.userId)).toContain(preview.assignedTo);
    expect(team.length).toBeGreaterThan(1);
  });
});
