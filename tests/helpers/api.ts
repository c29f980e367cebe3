import { type Plan } from "@/lib/domain/enums";
import { createCustomFieldDefinition } from "@/lib/custom-fields/custom-field-definitions";
import { createAccount } from "@/lib/accounts/create-account";
import { createApiKey } from "@/lib/keys/create-api-key";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { accounts, smsMessages } from "@/db/schema";
import { newId } from "@/lib/ids/new-id";
import { assertResponseMatchesDocument } from "../integration/openapi/openapi-contract";
import type { DataBody, SomeBody } from "./api-bodies";
import { dispatch } from "./route-table";

// Calls the real route handlers in-process (real database, real Redis limiter), the way Next
// would after routing. Next's own routing is exercised by the Playwright API tests.

export interface ApiResponse<T = SomeBody> {
  status: number;
  headers: Headers;
  body: T;
}

export interface CallOptions {
  key?: string | null;
  body?: unknown;
  /** Sent as-is (for broken JSON, odd content types, bytes that are not UTF-8). */
  rawBody?: string | Uint8Array<ArrayBuffer>;
  headers?: Record<string, string>;
}

/** `T` names the body the test expects (see api-bodies.ts); the contract check below holds the
 * body to the OpenAPI document, whatever `T` says. */
export async function callApi<T = SomeBody>(
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<ApiResponse<T>> {
  const url = new URL(path, "http://localhost");
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers.authorization ??= `Bearer ${options.key}`;
  let body: string | Uint8Array<ArrayBuffer> | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["content-type"] ??= "application/json";
  }
  const response = await dispatch(new Request(url, { method, headers, body }));
  const text = await response.text();
  const parsed: unknown = text ? JSON.parse(text) : undefined;
  const result = { status: response.status, headers: response.headers, body: parsed };
  // Every response the tests see must be one the OpenAPI document describes.
  assertResponseMatchesDocument(method, url.pathname, result);
  return result as ApiResponse<T>;
}

let counter = 0;
export interface TestTenant {
  accountId: string;
  userId: string;
  key: string;
  keyId: string;
  keyName: string;
}

/** A fresh account with an owner and an API key. */
export async function createTenant(
  plan: Plan = "agency",
  opts: { country?: string; currency?: string } = {},
): Promise<TestTenant> {
  const n = `${Date.now().toString(36)}-${++counter}-${Math.random().toString(36).slice(2, 7)}`;
  const { accountId, userId } = await createAccount({
    name: `Agency ${n}`,
    email: `owner-${n}@api.test`,
    password: "pw-123456789",
    plan,
    ...opts,
  });
  // Quiet hours (default on) would make a send's answer depend on the hour the suite runs at (202
  // scheduled at night in New York): test tenants start with them off; the quiet-hours tests turn
  // them on under a controlled clock.
  await (await getDb()).update(accounts).set({ smsQuietHours: false }).where(eq(accounts.id, accountId));
  const keyName = `Key ${n}`;
  const created = await createApiKey({ accountId, name: keyName, createdBy: userId });
  return { accountId, userId, key: created.key, keyId: created.id, keyName };
}

/** The ids an operation's path or body may name. */
export interface OperationIds {
  lead: string;
  property: string;
  visit: string;
  sms: string;
  /** A message held for later (as quiet hours hold one): what DELETE …/sms/:smsId cancels. */
  scheduledSms: string;
  webhookEndpoint: string;
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
    body: (i) => ({ leadId: i.lead, propertyId: i.property, scheduledAt: "2026-12-01T15:00:00.000Z" }),
  },
  { method: "GET", path: (i) => `/api/v1/visits/${i.visit}` },
  { method: "PATCH", path: (i) => `/api/v1/visits/${i.visit}`, body: () => ({ notes: "Bring the keys" }) },
  { method: "GET", path: () => "/api/v1/activities" },
  { method: "GET", path: () => "/api/v1/events" },
  { method: "GET", path: () => "/api/v1/custom-fields" },
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
    scheduledAt: "2026-12-01T10:00:00.000Z",
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
  const [scheduled] = await (
    await getDb()
  )
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
  return { lead, property, visit, sms, scheduledSms: scheduled.id, webhookEndpoint };
}
