// OWASP API3:2023 Broken Object Property Level Authorization (issue 31, finding 8): GET
// /leads/:id embeds the lead's activities, a resource of its own with its own permission, so a key
// that may read leads but not activities must get the lead without them, not a back door to them.
import { beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/keys/create-api-key";
import type { ApiKeyPermissions } from "@/lib/keys/permissions";
import { callApi, createTenant, type TestTenant } from "../../helpers/api";
import type { DataBody, Lead } from "../../helpers/api-bodies";
import { limitThroughRealRedis } from "../api/setup-api-tests";

limitThroughRealRedis();

describe(`API3 GET /leads/:id and activities:read (issue 31, finding 8) on ${process.env.TEST_DB_ENGINE ?? "postgres"}`, () => {
  let t: TestTenant;
  // Opening (and on PGlite creating) the database is the hook's cost, not the test's.
  beforeAll(async () => {
    t = await createTenant();
  });

  it("embeds the activities only for a key that may read them", async () => {
    const created = await callApi<DataBody<Lead>>("POST", "/api/v1/leads", {
      key: t.key,
      body: { name: "Private timeline", notes: "n" },
    });
    const leadId = created.body.data.id;
    await callApi("PATCH", `/api/v1/leads/${leadId}`, { key: t.key, body: { status: "contacted" } });
    const keyWith = async (permissions: ApiKeyPermissions | null) =>
      (await createApiKey({ accountId: t.accountId, name: "Scoped", createdBy: t.userId, permissions })).key;
    const read = async (permissions: ApiKeyPermissions | null) => {
      const res = await callApi<DataBody<Record<string, unknown>>>("GET", `/api/v1/leads/${leadId}`, {
        key: await keyWith(permissions),
      });
      expect(res.status).toBe(200);
      return res.body.data;
    };

    // Leads only: the lead, every field of it, and nothing of its timeline.
    const leadsOnly = await read({ leads: "read" });
    expect(leadsOnly).not.toHaveProperty("activities");
    expect(leadsOnly).not.toHaveProperty("activitiesHasMore");
    const withTimeline = await read(null);
    const lead = Object.fromEntries(
      Object.entries(withTimeline).filter(([field]) => field !== "activities" && field !== "activitiesHasMore"),
    );
    expect(leadsOnly).toEqual(lead);
    expect(JSON.stringify(leadsOnly)).not.toContain("act_");

    // Every other resource at its highest level still does not open activities.
    const allButActivities = await read({
      leads: "write",
      properties: "write",
      visits: "write",
      sms: "write",
      events: "read",
      webhook_endpoints: "write",
      custom_fields: "read",
      users: "read",
    });
    expect(allButActivities).not.toHaveProperty("activities");

    // With activities:read (or full access), the lead with its timeline, newest first.
    for (const permissions of [{ leads: "read", activities: "read" } as const, null]) {
      const full = await read(permissions);
      expect(full).toMatchObject({ id: leadId, activitiesHasMore: false });
      expect((full.activities as { type: string }[]).map((a) => a.type)).toEqual([
        "lead_status_changed",
        "lead_created",
      ]);
    }
  });
});
