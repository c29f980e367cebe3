import { createAccount } from "@/lib/accounts/create-account";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import type { Plan } from "@/db/schema";
import { assertResponseMatchesDocument } from "../integration/openapi/openapi-contract";
import { dispatch } from "./route-table";

// Calls the real route handlers in-process (real database, real Redis limiter), the way Next
// would after routing. Next's own routing is exercised by the Playwright API tests.

export interface ApiResponse<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
}

export interface CallOptions {
  key?: string | null;
  body?: unknown;
  /** Sent as-is (for broken JSON, odd content types). */
  rawBody?: string;
  headers?: Record<string, string>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test responses are inspected field by field
export async function callApi<T = any>(
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<ApiResponse<T>> {
  const url = new URL(path, "http://localhost");
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers.authorization ??= `Bearer ${options.key}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["content-type"] ??= "application/json";
  }
  const response = await dispatch(new Request(url, { method, headers, body }));
  const text = await response.text();
  const result = { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
  // Every response the tests see must be one the OpenAPI document describes.
  assertResponseMatchesDocument(method, url.pathname, result);
  return result;
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
}

/** Every operation of the API, with a body that would be valid, for table-driven checks. */
export const OPERATIONS: Array<{
  method: string;
  path: (ids: OperationIds) => string;
  body?: (ids: OperationIds) => unknown;
}> = [
  { method: "GET", path: () => "/api/v1/leads" },
  { method: "POST", path: () => "/api/v1/leads", body: () => ({ name: "Op Lead" }) },
  { method: "GET", path: (i) => `/api/v1/leads/${i.lead}` },
  { method: "PATCH", path: (i) => `/api/v1/leads/${i.lead}`, body: () => ({ status: "contacted" }) },
  { method: "DELETE", path: (i) => `/api/v1/leads/${i.lead}` },
  { method: "POST", path: (i) => `/api/v1/leads/${i.lead}/sms`, body: () => ({ message: "Hello" }) },
  { method: "GET", path: (i) => `/api/v1/leads/${i.lead}/sms/${i.sms}` },
  { method: "GET", path: () => "/api/v1/properties" },
  {
    method: "POST",
    path: () => "/api/v1/properties",
    body: () => ({ title: "Op", type: "house", listingType: "sale" }),
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
  { method: "GET", path: () => "/api/v1/activities" },
];

/** A lead (with a phone), a property, a visit of the two and an SMS to the lead, made through the
 * API for `tenant`: ids for every operation's path and body. */
export async function createOperationTargets(tenant: TestTenant, label = "Owned"): Promise<OperationIds> {
  const call = (path: string, body: unknown) => callApi("POST", path, { key: tenant.key, body });
  const lead = (await call("/api/v1/leads", { name: `${label} lead`, phone: "+14155550100" })).body.data.id;
  const property = (await call("/api/v1/properties", { title: `${label} home`, type: "house", listingType: "sale" }))
    .body.data.id;
  const visit = (
    await call("/api/v1/visits", { leadId: lead, propertyId: property, scheduledAt: "2026-12-01T10:00:00.000Z" })
  ).body.data.id;
  const sms = (await call(`/api/v1/leads/${lead}/sms`, { message: `${label} message` })).body.data.id;
  return { lead, property, visit, sms };
}
