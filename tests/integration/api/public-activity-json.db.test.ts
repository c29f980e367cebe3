import { describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { activities, leads } from "@/db/schema";
import { publicActivityJsonOf, toPublicActivity } from "@/lib/activities/public-activity";
import type { ActivityData } from "@/lib/schemas/activities";
import { newId } from "@/lib/ids/new-id";
import { toPublicLead } from "@/lib/leads/public-lead";
import { callApi, createTenant } from "../../helpers/api";
import type { DataBody, Lead, LeadWithActivities } from "../../helpers/api-bodies";

// GET /leads/:id takes the lead and its activities serialized by PostgreSQL
// (lib/leads/get-lead-with-activities.ts); GET /activities and the web UI use toPublicActivity.
// Same keys in the same order, same values: equal once parsed (jsonb `data` keeps PostgreSQL's
// spacing, which is all that differs in the text).
describe("an activity serialized by PostgreSQL", () => {
  it("parses to toPublicActivity(row), keys in the same order, whatever the values", async () => {
    const { accountId } = await createTenant();
    const db = await getDb();
    const leadId = newId("lead");
    await db.insert(leads).values({ id: leadId, accountId, name: "Lead" });
    const awkward: Partial<typeof activities.$inferInsert>[] = [
      { data: {} },
      {
        data: {
          changes: {
            status: ["new", "contacted"],
            notes: [null, 'quote " backslash \\ newline \n emoji 😀 山田'],
            tags: [[], ["a", "b"]],
            budget: [0, 9007199254740991],
          },
        },
      },
      {
        data: { visitId: "visit_1", propertyId: null, scheduledAt: "2026-12-01T10:00:00.000Z" },
        actorType: "system" as const,
        actorId: null,
        actorName: "System",
      },
      {
        // Keys the app never writes: whatever the jsonb holds is serialized alike.
        data: { nested: { deep: [1, 2.5, true, false, null, { k: "v" }] } } as ActivityData,
        createdAt: new Date("1999-01-02T03:04:05.000Z"),
      },
    ];
    for (const values of awkward) {
      const id = newId("activity");
      await db.insert(activities).values({
        id,
        accountId,
        leadId,
        type: "lead_updated",
        summary: 'Sum "mary"',
        actorType: "user",
        actorId: "user_1",
        actorName: "Ada",
        ...values,
      });
      const [row] = await db.select().from(activities).where(eq(activities.id, id));
      const [{ json }] = await db
        .select({ json: publicActivityJsonOf(activities) })
        .from(activities)
        .where(eq(activities.id, id));
      const expected = toPublicActivity(row);
      expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(expected)));
      expect(Object.keys(JSON.parse(json))).toEqual(Object.keys(expected));
    }
  });

  it("GET /leads/:id is the lead and its activities as toPublicLead and toPublicActivity make them", async () => {
    const t = await createTenant();
    const db = await getDb();
    const created = (
      await callApi<DataBody<Lead>>("POST", "/api/v1/leads", {
        key: t.key,
        body: { name: "Zoë", email: "zoe@example.com", phone: "(415) 555-0123", tags: ["vip"] },
      })
    ).body.data;
    await callApi("PATCH", `/api/v1/leads/${created.id}`, {
      key: t.key,
      body: { status: "contacted", notes: "Called\nback" },
    });
    await callApi("PATCH", `/api/v1/leads/${created.id}`, { key: t.key, body: { budget: 450000 } });
    const res = await callApi<DataBody<LeadWithActivities>>("GET", `/api/v1/leads/${created.id}`, { key: t.key });
    expect(res.status).toBe(200);
    const [lead] = await db.select().from(leads).where(eq(leads.id, created.id));
    const rows = await db
      .select()
      .from(activities)
      .where(eq(activities.leadId, created.id))
      .orderBy(asc(activities.createdAt), asc(activities.id));
    const expected = {
      ...toPublicLead(lead),
      activities: rows.reverse().map(toPublicActivity),
      activitiesHasMore: false,
    };
    expect(res.body).toEqual({ data: JSON.parse(JSON.stringify(expected)) });
    expect(Object.keys(res.body.data)).toEqual(Object.keys(expected));
  });
});
