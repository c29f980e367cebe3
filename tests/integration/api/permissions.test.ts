import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { activities, apiKeys, events, leads, properties, smsMessages, visits, webhookEndpoints } from "@/db/schema";
import { createApiKey } from "@/lib/keys/create-api-key";
import {
  PERMISSION_RESOURCES,
  READ_ONLY_PERMISSIONS,
  RESOURCE_NAMES,
  permissionName,
  type AccessLevel,
  type ApiKeyPermissions,
  type PermissionResource,
} from "@/lib/keys/permissions";
import { OPERATIONS as DOCUMENTED } from "@/app/api/v1/operation-list";
import { callApi, createTenant, type ApiResponse, type TestTenant } from "../../helpers/api";
import { createOperationTargets, OPERATIONS, templateIds, type OperationIds } from "../../helpers/operations";
import { limitThroughRealRedis } from "./setup-api-tests";
import { createQueues } from "@/lib/jobs/start-workers";
import { stopEventDispatcher } from "@/lib/webhooks/dispatch/event-dispatcher";

limitThroughRealRedis();

// Every operation against every level of the resource it needs: exactly the levels at or above
// the need pass, every other key gets 403 insufficient_permissions naming the need, and a refusal
// changes nothing. What each operation needs is read from the OpenAPI operation list, which the
// document test holds equal to what each route declares.

type Operation = (typeof OPERATIONS)[number];
const RANK: Record<AccessLevel, number> = { none: 0, read: 1, write: 2 };

const TEMPLATE_IDS = templateIds();

function requirementOf(op: Operation): { resource: PermissionResource; level: "read" | "write" } {
  const template = op.path(TEMPLATE_IDS);
  const spec = DOCUMENTED.find((s) => s.method.toUpperCase() === op.method && s.path === template);
  if (!spec) throw new Error(`${op.method} ${template} is not in the OpenAPI operation list`);
  const entries = Object.entries(spec.permission) as [PermissionResource, "read" | "write"][];
  if (entries.length !== 1) throw new Error(`${op.method} ${template} needs ${entries.length} permissions`);
  const [[resource, level]] = entries;
  return { resource, level };
}

interface Case {
  label: string;
  permissions: ApiKeyPermissions | null;
  passes: boolean;
}

/** What an operation's body needs beside the operation's own permission: POST
 * /webhook-endpoints subscribes to lead.created, which the key must be able to read (the event
 * types a key may subscribe to: owasp-api5-event-type-permissions.test.ts). */
const bodyNeeds = (op: Operation): ApiKeyPermissions =>
  op.method === "POST" && op.path(TEMPLATE_IDS) === "/api/v1/webhook-endpoints" ? { leads: "read" } : {};

function casesFor({ resource, level: needed }: ReturnType<typeof requirementOf>, op: Operation): Case[] {
  const levels = PERMISSION_RESOURCES[resource].levels as readonly AccessLevel[];
  const everythingElse: ApiKeyPermissions = Object.fromEntries(
    RESOURCE_NAMES.filter((r) => r !== resource).map((r) => [r, PERMISSION_RESOURCES[r].levels.at(-1)]),
  );
  return [
    ...levels.map((level) => ({
      label: [permissionName(resource, level), ...Object.entries(bodyNeeds(op)).map(([r, l]) => `${r}:${l}`)].join(
        ", ",
      ),
      permissions: { ...bodyNeeds(op), [resource]: level },
      passes: RANK[level] >= RANK[needed],
    })),
    { label: "Full access (null)", permissions: null, passes: true },
    { label: "the Read only preset", permissions: READ_ONLY_PERMISSIONS, passes: needed === "read" },
    { label: "no grant at all", permissions: {}, passes: false },
    {
      label: `every other resource at its highest level, ${resource} none`,
      permissions: everythingElse,
      passes: false,
    },
  ];
}

/** Every row of the account's resources, their timelines included: a refused call must leave all
 * of it as it was. */
async function accountSnapshot(accountId: string) {
  const db = await getDb();
  const tables = { leads, properties, visits, smsMessages, webhookEndpoints, activities, events };
  const snapshot: Record<string, unknown[]> = {};
  for (const [name, table] of Object.entries(tables)) {
    snapshot[name] = await db.select().from(table).where(eq(table.accountId, accountId)).orderBy(asc(table.id));
  }
  return snapshot;
}

function expectRefused(res: ApiResponse, resource: PermissionResource, needed: string) {
  expect(res.status).toBe(403);
  expect(res.body.error).toMatchObject({ code: "insufficient_permissions", requestId: expect.stringMatching(/^req_/) });
  const [detail] = res.body.error?.details ?? [];
  expect(detail).toMatchObject({ path: `permissions.${resource}`, permission: needed });
  expect(res.body.data).toBeUndefined();
  // Refused after the key and the limit passed: the call is counted, as any other of the key's.
  expect(res.headers.get("ratelimit-limit")).toBe("100");
}

// A resend that passes queues its attempt, so the queues must exist; no worker or dispatcher runs
// in this process: the checks are of answers and of what the account holds.
beforeAll(async () => {
  await createQueues();
  await stopEventDispatcher();
});

// POSTs only for their body's size and shape: they answer what a read would and change nothing
// (route-preview takes no round-robin turn), so a read-only key may call them.
const CREATES_NOTHING = new Set(["POST /api/v1/leads/route-preview"]);

const NAMED = OPERATIONS.map((op) => ({ ...op, name: `${op.method} ${op.path(TEMPLATE_IDS)}` }));

describe.each(NAMED)("$name", (op) => {
  const required = requirementOf(op);
  const needed = permissionName(required.resource, required.level);
  let tenant: TestTenant;
  // The targets the next case aims at. A refused call changes nothing (each case checks the
  // snapshot) and a GET writes nothing, so they serve case after case; only a write that passed
  // (a DELETE, a PATCH) may have changed them, and the next case then makes fresh ones.
  let targets: OperationIds | undefined;

  beforeAll(async () => {
    tenant = await createTenant();
  });

  it(`needs ${needed}: reads are GETs and POSTs that create nothing, everything else writes`, () => {
    expect(required.level).toBe(op.method === "GET" || CREATES_NOTHING.has(op.name) ? "read" : "write");
  });

  it.each(casesFor(required, op))("$label → passes: $passes", async ({ label, permissions, passes }) => {
    const ids = (targets ??= await createOperationTargets(tenant, "Case"));
    if (passes && op.method !== "GET") targets = undefined;
    const { key } = await createApiKey({
      accountId: tenant.accountId,
      name: `Key with ${label}`,
      createdBy: tenant.userId,
      permissions,
    });
    const before = passes ? undefined : await accountSnapshot(tenant.accountId);
    const res = await callApi(op.method, op.path(ids), { key, body: op.body?.(ids) });
    if (passes) {
      expect(res.status, JSON.stringify(res.body.error)).toBeGreaterThanOrEqual(200);
      expect(res.status).toBeLessThan(300);
    } else {
      expectRefused(res, required.resource, needed);
      expect(await accountSnapshot(tenant.accountId)).toEqual(before);
    }
  });
});

describe("an expired key", () => {
  let tenant: TestTenant;
  let key: string;
  let ids: OperationIds;

  beforeAll(async () => {
    tenant = await createTenant();
    // Made once: the key is refused before anything is done, so every operation can aim at them.
    ids = await createOperationTargets(tenant, "Expired");
    // The owner services refuse an expiry in the past, so the key is made valid and then aged.
    const created = await createApiKey({
      accountId: tenant.accountId,
      name: "Soon expired",
      createdBy: tenant.userId,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    key = created.key;
    const db = await getDb();
    await db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(apiKeys.id, created.id));
  });

  it.each(NAMED)("$name answers 401 api_key_expired and changes nothing", async (op) => {
    const before = await accountSnapshot(tenant.accountId);
    const res = await callApi(op.method, op.path(ids), { key, body: op.body?.(ids) });
    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({ code: "api_key_expired" });
    expect(res.headers.get("www-authenticate")).toBe('Bearer realm="LeadProp API", error="invalid_token"');
    expect(await accountSnapshot(tenant.accountId)).toEqual(before);
  });
});
