import { type Plan } from "@/lib/domain/enums";
import { createAccount } from "@/lib/accounts/create-account";
import { createApiKey } from "@/lib/keys/create-api-key";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { accounts } from "@/db/schema";
import { assertResponseMatchesDocument } from "../integration/openapi/openapi-contract";
import type { SomeBody } from "./api-bodies";
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
