// OWASP API5:2023 Broken Function Level Authorization (issue 31, finding 9): an event carries its
// object's whole public shape, so subscribing to an event type or reading it from the feed is
// reading that resource. A key with only webhook_endpoints:write or events:read must not read
// leads, properties, visits, notes or SMS through them.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { webhookEndpoints } from "@/db/schema";
import { EVENT_TYPES } from "@/lib/domain/enums";
import { createApiKey } from "@/lib/keys/create-api-key";
import type { ApiKeyPermissions } from "@/lib/keys/permissions";
import type { PublicWebhookEndpoint } from "@/lib/schemas/webhook-endpoints";
import { callApi, createTenant, type ApiResponse, type TestTenant } from "../../helpers/api";
import type { DataBody, ErrorBody, Event, ListBody } from "../../helpers/api-bodies";
import { limitThroughRealRedis } from "../api/setup-api-tests";

limitThroughRealRedis();

const RECEIVER = "http://127.0.0.1:9/hooks";
const LEAD_TYPES = EVENT_TYPES.filter((type) => type.startsWith("lead."));

function expectRefused(res: ApiResponse<unknown>, permission: string, eventType: string) {
  const { error } = (res as ApiResponse<ErrorBody>).body;
  expect(res.status).toBe(403);
  expect(error.code).toBe("insufficient_permissions");
  expect(error.message).toContain(eventType);
  expect(error.details).toEqual([
    expect.objectContaining({ path: `permissions.${permission.split(":")[0]}`, permission }),
  ]);
}

describe(`API5 event types follow the resources a key can read (issue 31, finding 9), on ${process.env.TEST_DB_ENGINE ?? "postgres"}`, () => {
  let t: TestTenant;
  // Opening (and on PGlite creating) the database is the hook's cost, not the first test's.
  beforeAll(async () => {
    t = await createTenant();
  });

  const keyWith = async (permissions: ApiKeyPermissions) =>
    (await createApiKey({ accountId: t.accountId, name: "Scoped", createdBy: t.userId, permissions })).key;
  // Disabled: no job queue runs in this process to take deliveries.
  const subscribe = (key: string, events: string[]) =>
    callApi<DataBody<PublicWebhookEndpoint>>("POST", "/api/v1/webhook-endpoints", {
      key,
      body: { url: RECEIVER, events, enabled: false },
    });
  const storedEndpoints = async () =>
    (await getDb())
      .select({ id: webhookEndpoints.id, url: webhookEndpoints.url, events: webhookEndpoints.events })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.accountId, t.accountId))
      .orderBy(webhookEndpoints.id);

  it("subscribing: a type the key cannot read is a 403 naming the permission; * is what it can read", async () => {
    const before = await storedEndpoints();
    const writeOnly = await keyWith({ webhook_endpoints: "write" });
    expectRefused(await subscribe(writeOnly, ["lead.created"]), "leads:read", "lead.created");
    expectRefused(await subscribe(writeOnly, ["*"]), "leads:read", "lead.created");
    expectRefused(await subscribe(writeOnly, ["sms.received"]), "sms:read", "sms.received");
    expectRefused(await subscribe(writeOnly, ["note.created"]), "activities:read", "note.created");

    const leadsReader = await keyWith({ webhook_endpoints: "write", leads: "read" });
    expectRefused(await subscribe(leadsReader, ["lead.created", "visit.created"]), "visits:read", "visit.created");
    expect(await storedEndpoints()).toEqual(before);

    const own = await subscribe(leadsReader, ["lead.status_changed"]);
    expect(own.status).toBe(201);
    expect(own.body.data.events).toEqual(["lead.status_changed"]);
    // "*" from a restricted key: the types it can read today, never types added later.
    const all = await subscribe(leadsReader, ["*"]);
    expect(all.status).toBe(201);
    expect(all.body.data.events).toEqual(LEAD_TYPES);
    // A full-access key's "*" stays "*".
    expect((await subscribe(t.key, ["*"])).body.data.events).toEqual(["*"]);
  });

  it("changing an endpoint: no new unreadable type, and no moving another's endpoint that receives one", async () => {
    const owners = (await subscribe(t.key, ["*"])).body.data;
    const leadsOnly = (await subscribe(t.key, ["lead.created"])).body.data;
    const leadsReader = await keyWith({ webhook_endpoints: "write", leads: "read" });
    const patch = (id: string, body: object) =>
      callApi<DataBody<PublicWebhookEndpoint>>("PATCH", `/api/v1/webhook-endpoints/${id}`, { key: leadsReader, body });
    const before = await storedEndpoints();

    // Pointing the owner's "*" endpoint at the key's own receiver would read every resource.
    expectRefused(await patch(owners.id, { url: "http://127.0.0.1:9/stolen" }), "properties:read", "property.created");
    expectRefused(await patch(leadsOnly.id, { events: ["lead.created", "sms.sent"] }), "sms:read", "sms.sent");
    expect(await storedEndpoints()).toEqual(before);

    // What it may do: describe or disable any endpoint, move or change one of readable types.
    expect((await patch(owners.id, { description: "Warehouse" })).status).toBe(200);
    expect((await patch(owners.id, { enabled: false })).body.data.events).toEqual(["*"]);
    const moved = await patch(leadsOnly.id, { url: "http://127.0.0.1:9/mine" });
    expect(moved.body.data).toMatchObject({ url: "http://127.0.0.1:9/mine", events: ["lead.created"] });
    expect((await patch(leadsOnly.id, { events: ["*"] })).body.data.events).toEqual(LEAD_TYPES);
  });

  it("the feed: without a type filter only readable types, a type filter it cannot read is a 403", async () => {
    const lead = await callApi<DataBody<{ id: string }>>("POST", "/api/v1/leads", {
      key: t.key,
      body: { name: "Feed" },
    });
    await callApi("PATCH", `/api/v1/leads/${lead.body.data.id}`, { key: t.key, body: { status: "contacted" } });
    const property = await callApi<DataBody<{ id: string }>>("POST", "/api/v1/properties", {
      key: t.key,
      body: { title: "Feed home", type: "house", listingType: "sale" },
    });
    const read = (key: string, qs = "") => callApi<ListBody<Event>>("GET", `/api/v1/events${qs}`, { key });
    // An event shows once every older transaction has ended (lib/events/list-events.ts): wait for
    // the owner's key to see all three before asking the scoped keys.
    const deadline = Date.now() + 5_000;
    let everything = await read(t.key);
    while (everything.body.data.length < 3 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      everything = await read(t.key);
    }
    expect(everything.body.data.map((e) => e.type)).toEqual([
      "lead.created",
      "lead.status_changed",
      "property.created",
    ]);

    const feedOnly = await keyWith({ events: "read" });
    const nothing = await read(feedOnly);
    expect(nothing.status).toBe(200);
    expect(nothing.body.data).toEqual([]);
    expectRefused(await read(feedOnly, "?type=lead.created"), "leads:read", "lead.created");

    const leadsFeed = await keyWith({ events: "read", leads: "read" });
    const leadEvents = await read(leadsFeed);
    expect(leadEvents.body.data.map((e) => e.type)).toEqual(["lead.created", "lead.status_changed"]);
    expect(JSON.stringify(leadEvents.body)).not.toContain(property.body.data.id);
    expect((await read(leadsFeed, "?type=lead.*")).body.data).toHaveLength(2);
    expectRefused(await read(leadsFeed, "?type=lead.created,property.created"), "properties:read", "property.created");
    expectRefused(
      await read(leadsFeed, `?objectId=${property.body.data.id}&type=property.*`),
      "properties:read",
      "property.",
    );
  });
});
