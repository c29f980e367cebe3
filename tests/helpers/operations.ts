import { getDb } from "@/db/client";
import { and, eq } from "drizzle-orm";
import { events, smsMessages, webhookDeliveries } from "@/db/schema";
import { createCustomFieldDefinition } from "@/lib/custom-fields/custom-field-definitions";
import { newId } from "@/lib/ids/new-id";
import { callApi, type TestTenant } from "./api";
import type { DataBody } from "./api-bodies";

// Every operation of the public API in one table, and an account's worth of records for their
// paths and bodies to name: for the checks that go over every operation (keys, plans,
// permissions, other accounts' ids, fuzzing).

/** The ids an operation's path or body may name. */
export interface OperationIds {
  lead: string;
  property: string;
  visit: string;
  task: string;
  sms: string;
  /** A message held for later (as quiet hours hold one): what DELETE …/sms/:smsId cancels. */
  scheduledSms: string;
  webhookEndpoint: string;
  /** A failed attempt in that endpoint's delivery log: what …/resend sends again. */
  webhookDelivery: string;
  /** The tenant's owner, as GET /users/:id names them. */
  user: string;
}

/** The path parameters' names, for an operation's path as a template: `{id}` as the document
 * writes it, or `:id` as Postman and test names do. */
export function templateIds(mark: (name: string) => string = (name) => `{${name}}`): OperationIds {
  return {
    lead: mark("id"),
    property: mark("id"),
    visit: mark("id"),
    task: mark("id"),
    sms: mark("smsId"),
    scheduledSms: mark("smsId"),
    webhookEndpoint: mark("id"),
    webhookDelivery: mark("deliveryId"),
    user: mark("id"),
  };
}

/** Every operation of the API, with a body that would be valid, for table-driven checks. */
export const OPERATIONS: Array<{
  method: string;
  path: (ids: OperationIds) => string;
  body?: (ids: OperationIds) => unknown;
}> = [
  { method: "GET", path: () => "/api/v1/leads" },
  { method: "POST", path: () => "/api/v1/leads", body: () => ({ name: "Op Lead" }) },
  {
    method: "POST",
    path: () => "/api/v1/leads/intake",
    body: () => ({ name: "Op Intake", email: "op-intake@example.com", message: "Still available?" }),
  },
  {
    method: "POST",
    path: () => "/api/v1/leads/batch",
    body: () => ({ items: [{ op: "create", data: { name: "Op" } }] }),
  },
  { method: "POST", path: () => "/api/v1/leads/route-preview", body: () => ({ name: "Op Preview" }) },
  { method: "GET", path: (i) => `/api/v1/leads/${i.lead}` },
  { method: "PATCH", path: (i) => `/api/v1/leads/${i.lead}`, body: () => ({ status: "contacted" }) },
  { method: "DELETE", path: (i) => `/api/v1/leads/${i.lead}` },
  { method: "POST", path: (i) => `/api/v1/leads/${i.lead}/sms`, body: () => ({ message: "Hello" }) },
  { method: "GET", path: (i) => `/api/v1/leads/${i.lead}/sms` },
  { method: "GET", path: (i) => `/api/v1/leads/${i.lead}/sms/${i.sms}` },
  { method: "DELETE", path: (i) => `/api/v1/leads/${i.lead}/sms/${i.scheduledSms}` },
  { method: "GET", path: () => "/api/v1/properties" },
  {
    method: "POST",
    path: () => "/api/v1/properties",
    body: () => ({ title: "Op", type: "house", listingType: "sale" }),
  },
  {
    method: "POST",
    path: () => "/api/v1/properties/batch",
    body: () => ({ items: [{ op: "create", data: { title: "Op", type: "house", listingType: "sale" } }] }),
  },
  { method: "GET", path: (i) => `/api/v1/properties/${i.property}` },
  { method: "PATCH", path: (i) => `/api/v1/properties/${i.property}`, body: () => ({ status: "reserved" }) },
  { method: "DELETE", path: (i) => `/api/v1/properties/${i.property}` },
  { method: "GET", path: () => "/api/v1/visits" },
  {
    method: "POST",
    path: () => "/api/v1/visits",
    body: (i) => ({ leadId: i.lead, propertyId: i.property, scheduledAt: "2030-12-01T15:00:00.000Z" }),
  },
  { method: "GET", path: (i) => `/api/v1/visits/${i.visit}` },
  { method: "PATCH", path: (i) => `/api/v1/visits/${i.visit}`, body: () => ({ notes: "Bring the keys" }) },
  { method: "GET", path: () => "/api/v1/tasks" },
  {
    method: "POST",
    path: () => "/api/v1/tasks",
    body: (i) => ({ title: "Op call", dueAt: "2026-12-01T15:00:00.000Z", assignedTo: "me", leadId: i.lead }),
  },
  { method: "GET", path: (i) => `/api/v1/tasks/${i.task}` },
  { method: "PATCH", path: (i) => `/api/v1/tasks/${i.task}`, body: () => ({ status: "done" }) },
  { method: "DELETE", path: (i) => `/api/v1/tasks/${i.task}` },
  { method: "GET", path: () => "/api/v1/activities" },
  { method: "GET", path: () => "/api/v1/events" },
  { method: "GET", path: () => "/api/v1/custom-fields" },
  { method: "GET", path: () => "/api/v1/users" },
  { method: "GET", path: (i) => `/api/v1/users/${i.user}` },
  { method: "GET", path: () => "/api/v1/webhook-endpoints" },
  {
    method: "POST",
    path: () => "/api/v1/webhook-endpoints",
    body: () => ({ url: "http://127.0.0.1:9/op", events: ["lead.created"] }),
  },
  { method: "GET", path: (i) => `/api/v1/webhook-endpoints/${i.webhookEndpoint}` },
  {
    method: "POST",
    path: (i) => `/api/v1/webhook-endpoints/${i.webhookEndpoint}/replay`,
    body: () => ({ since: new Date(Date.now() - 60 * 60 * 1000).toISOString() }),
  },
  { method: "GET", path: (i) => `/api/v1/webhook-endpoints/${i.webhookEndpoint}/deliveries` },
  {
    method: "POST",
    path: (i) => `/api/v1/webhook-endpoints/${i.webhookEndpoint}/deliveries/${i.webhookDelivery}/resend`,
  },
  { method: "PATCH", path: (i) => `/api/v1/webhook-endpoints/${i.webhookEndpoint}`, body: () => ({ enabled: false }) },
  { method: "DELETE", path: (i) => `/api/v1/webhook-endpoints/${i.webhookEndpoint}` },
];

/** A lead (with a phone, assigned to the owner), a property, a visit of the two and an SMS to the
 * lead, made through the API for `tenant`: ids for every operation's path and body. */
export async function createOperationTargets(tenant: TestTenant, label = "Owned"): Promise<OperationIds> {
  const call = async (path: string, body: unknown) =>
    (await callApi<DataBody<{ id: string }>>("POST", path, { key: tenant.key, body })).body.data.id;
  const lead = await call("/api/v1/leads", { name: `${label} lead`, phone: "+14155550100", assignedTo: tenant.userId });
  const property = await call("/api/v1/properties", { title: `${label} home`, type: "house", listingType: "sale" });
  const visit = await call("/api/v1/visits", {
    leadId: lead,
    propertyId: property,
    scheduledAt: "2030-12-01T10:00:00.000Z",
  });
  const task = await call("/api/v1/tasks", {
    title: `${label} call`,
    dueAt: "2026-12-01T09:00:00.000Z",
    assignedTo: tenant.userId,
    leadId: lead,
  });
  const sms = await call(`/api/v1/leads/${lead}/sms`, { message: `${label} message` });
  // Enabled (a replay needs it so), and subscribed to an event no operation makes (only a text
  // from the lead's phone does): another test file's dispatcher and workers share the database,
  // and a delivery logged meanwhile would change the account under a check that nothing did.
  const webhookEndpoint = await call("/api/v1/webhook-endpoints", {
    url: `http://127.0.0.1:9/${label.toLowerCase()}`,
    events: ["sms.received"],
  });
  // Custom field definitions have no write route: Settings only.
  await createCustomFieldDefinition(tenant.accountId, {
    resource: "lead",
    key: `budget_${Math.random().toString(36).slice(2, 8)}`,
    label: "Budget",
    type: "number",
  });
  // Stored directly: scheduling through the API needs the job queues, which these suites do not start.
  const db = await getDb();
  const [scheduled] = await db
    .insert(smsMessages)
    .values({
      id: newId("sms"),
      accountId: tenant.accountId,
      leadId: lead,
      to: "+14155550100",
      message: `${label} later`,
      status: "scheduled",
      provider: "log",
      sendAt: new Date(Date.now() + 86_400_000),
    })
    .returning();
  // A failed attempt of the lead's lead.created event, logged directly for the same reason.
  const [created] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.accountId, tenant.accountId), eq(events.type, "lead.created")))
    .limit(1);
  const [delivery] = await db
    .insert(webhookDeliveries)
    .values({
      id: newId("webhookDelivery"),
      accountId: tenant.accountId,
      endpointId: webhookEndpoint,
      eventId: created.id,
      eventType: "lead.created",
      attempt: 1,
      succeeded: false,
      httpStatus: 500,
      durationMs: 12,
    })
    .returning({ id: webhookDeliveries.id });
  return {
    lead,
    property,
    visit,
    task,
    sms,
    scheduledSms: scheduled.id,
    webhookEndpoint,
    webhookDelivery: delivery.id,
    user: tenant.userId,
  };
}
