import { describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/keys/create-api-key";
import { revokeApiKey } from "@/lib/keys/revoke-api-key";
import type { Plan } from "@/lib/domain/enums";
import { generateApiKey } from "@/lib/keys/key-format";
import { callApi, createTenant, type ApiResponse, type TestTenant } from "../../helpers/api";
import { createOperationTargets, OPERATIONS, type OperationIds } from "../../helpers/operations";
import type { ErrorBody, ListBody } from "../../helpers/api-bodies";
import { limitThroughRealRedis } from "./setup-api-tests";

limitThroughRealRedis();

function expectError(res: ApiResponse, status: number, code: string): ErrorBody["error"] {
  expect(res.status).toBe(status);
  const { error } = res.body;
  expect(error).toMatchObject({
    code,
    message: expect.any(String),
    requestId: expect.stringMatching(/^req_/),
  });
  if (!error) throw new Error("no error envelope");
  expect(res.headers.get("x-request-id")).toBe(error.requestId);
  expect(res.headers.get("content-type")).toContain("application/json");
  return error;
}

/** Where an operation aims at another account's resources, and what it must answer. Most name
 * an id in the path or body (404). The lists take ids as filters and answer an empty page, as for
 * a filter that matches nothing of yours. POST /properties names no id; the nearest it comes is
 * the other account's id as a field, which is refused as unknown. */
function aimAtTheirs(
  op: (typeof OPERATIONS)[number],
  theirs: OperationIds,
  owner: TestTenant,
): {
  path: string;
  body?: unknown;
  answers:
    | "not_found"
    | "an empty page"
    | "its own page"
    | "validation_error"
    | "an item's not_found"
    | "an item's validation_error";
} {
  const path = op.path(theirs);
  switch (`${op.method} ${path}`) {
    case "GET /api/v1/leads":
      return { path: `${path}?assignedTo=${owner.userId}`, answers: "an empty page" };
    case "POST /api/v1/leads":
      return { path, body: { name: "Op Lead", propertyId: theirs.property }, answers: "not_found" };
    case "POST /api/v1/leads/intake": // their lead's phone, their property
      return {
        path,
        body: { name: "Op Lead", phone: "+14155550100", propertyId: theirs.property },
        answers: "not_found",
      };
    case "POST /api/v1/leads/route-preview": // their property: the same 404 as a create
      return { path, body: { name: "Op Lead", propertyId: theirs.property }, answers: "not_found" };
    case "POST /api/v1/leads/batch":
      return {
        path,
        body: { items: [{ op: "create", data: { name: "Op Lead", propertyId: theirs.property } }] },
        answers: "an item's not_found",
      };
    case "POST /api/v1/properties/batch":
      return {
        path,
        body: {
          items: [
            { op: "create", data: { title: "Op", type: "house", listingType: "sale", accountId: owner.accountId } },
          ],
        },
        answers: "an item's validation_error",
      };
    case "GET /api/v1/properties": // no id filter: a search that matches their property's title
      return { path: `${path}?q=${encodeURIComponent("Owned home")}`, answers: "an empty page" };
    case "POST /api/v1/properties":
      return {
        path,
        body: { title: "Op", type: "house", listingType: "sale", accountId: owner.accountId },
        answers: "validation_error",
      };
    case "GET /api/v1/visits":
      return { path: `${path}?leadId=${theirs.lead}&propertyId=${theirs.property}`, answers: "an empty page" };
    case "GET /api/v1/tasks": // their owner's tasks and their lead's: none of them here
      return { path: `${path}?assignedTo=${owner.userId}&leadId=${theirs.lead}`, answers: "an empty page" };
    case "GET /api/v1/activities":
      return { path: `${path}?leadId=${theirs.lead}`, answers: "an empty page" };
    case "GET /api/v1/events":
      return { path: `${path}?objectId=${theirs.lead}`, answers: "an empty page" };
    case "GET /api/v1/custom-fields": // no filter: the stranger's own (empty) list
      return { path, answers: "an empty page" };
    case "GET /api/v1/webhook-endpoints": // no filter: the stranger's own (empty) list
      return { path, answers: "an empty page" };
    case "GET /api/v1/users": // no filter: the stranger's own members, never the owner
      return { path, answers: "its own page" };
    case "POST /api/v1/webhook-endpoints":
      return {
        path,
        body: { url: "http://127.0.0.1:9/x", events: ["*"], accountId: owner.accountId },
        answers: "validation_error",
      };
    default:
      return { path, body: op.body?.(theirs), answers: "not_found" };
  }
}

/** Everything of `ids` the owner can read: its lead (with its activities), property, visit and SMS. */
async function ownerView(owner: TestTenant, ids: OperationIds): Promise<unknown[]> {
  const paths = [
    `/api/v1/leads/${ids.lead}`,
    `/api/v1/properties/${ids.property}`,
    `/api/v1/visits/${ids.visit}`,
    `/api/v1/tasks/${ids.task}`,
    `/api/v1/leads/${ids.lead}/sms/${ids.sms}`,
    `/api/v1/webhook-endpoints/${ids.webhookEndpoint}`,
  ];
  const view: unknown[] = [];
  for (const path of paths) {
    const res = await callApi("GET", path, { key: owner.key });
    expect(res.status, path).toBe(200);
    view.push(res.body.data);
  }
  return view;
}

/** One tenant per plan for the whole file, made on first use: an account costs a scrypt hash and
 * several writes, and the checks below that only need *an* account of a plan share one. A refused
 * call changes nothing, and each operation spends one of the key's 100 calls a minute. */
const tenantsByPlan = new Map<Plan, Promise<TestTenant>>();
function sharedTenant(plan: Plan): Promise<TestTenant> {
  if (!tenantsByPlan.has(plan)) tenantsByPlan.set(plan, createTenant(plan));
  return tenantsByPlan.get(plan)!;
}

// The shared checks every route gets: missing, malformed, unknown, revoked key; wrong plan;
// another account's ids.
describe.each(OPERATIONS)("$method $path", (op) => {
  const ids = {
    lead: "lead_01aaaaaaaaaaaaaaaaaaaaaaaa",
    property: "prop_01aaaaaaaaaaaaaaaaaaaaaaaa",
    visit: "visit_01aaaaaaaaaaaaaaaaaaaaaaaa",
    task: "task_01aaaaaaaaaaaaaaaaaaaaaaaa",
    sms: "sms_01aaaaaaaaaaaaaaaaaaaaaaaa",
    scheduledSms: "sms_01aaaaaaaaaaaaaaaaaaaaaaab",
    webhookEndpoint: "whep_01aaaaaaaaaaaaaaaaaaaaaaaa",
    webhookDelivery: "whd_01aaaaaaaaaaaaaaaaaaaaaaaa",
    user: "user_01aaaaaaaaaaaaaaaaaaaaaaaa",
  };
  const path = op.path(ids);
  const body = op.body?.(ids);

  it("401 missing_api_key without Authorization, and not rate-limit counted", async () => {
    const res = await callApi(op.method, path, { body });
    expectError(res, 401, "missing_api_key");
    expect(res.headers.get("ratelimit-limit")).toBeNull();
    expect(res.headers.get("www-authenticate")).toBe('Bearer realm="LeadProp API"');
  });

  it("401 invalid_api_key for malformed, unknown and revoked keys, with one message", async () => {
    // A key of its own (it is revoked below) in the shared account.
    const { accountId, userId } = await sharedTenant("agency");
    const tenant = await createApiKey({ accountId, name: `Revoked ${op.method}`, createdBy: userId });
    const { key: unknownKey } = generateApiKey();
    const typo = tenant.key.slice(0, -1) + (tenant.key.endsWith("a") ? "b" : "a");
    const messages = new Set<string>();
    for (const authorization of [
      "Bearer",
      "Basic abc",
      `Bearer ${typo}`,
      `Bearer ${unknownKey}`,
      `Token ${tenant.key}`,
      `Bearer ${tenant.key} extra`,
    ]) {
      const res = await callApi(op.method, path, { body, headers: { authorization } });
      messages.add(expectError(res, 401, "invalid_api_key").message);
    }
    await revokeApiKey(tenant.id, accountId, null);
    const revoked = await callApi(op.method, path, { body, key: tenant.key });
    messages.add(expectError(revoked, 401, "invalid_api_key").message);
    expect(revoked.headers.get("www-authenticate")).toBe('Bearer realm="LeadProp API", error="invalid_token"');
    expect(messages.size).toBe(1);
  });

  it.each(["starter", "professional"] as const)("403 plan_required on the %s plan", async (plan) => {
    const tenant = await sharedTenant(plan);
    const res = await callApi(op.method, path, { body, key: tenant.key });
    expectError(res, 403, "plan_required");
    expect(res.headers.get("ratelimit-limit")).toBe("100");
  });

  it("another account's ids reach none of its data (404, or an empty page for a filter) and change nothing", async () => {
    const owner = await createTenant();
    const intruder = await createTenant();
    const theirs = await createOperationTargets(owner, "Owned");
    const before = await ownerView(owner, theirs);
    // The fixtures book the lead a visit, which moves it on (the pipeline follows the work).
    expect(before[0]).toMatchObject({ name: "Owned lead", status: "visit_scheduled", assignedTo: owner.userId });

    const aim = aimAtTheirs(op, theirs, owner);
    const res = await callApi(op.method, aim.path, { body: aim.body, key: intruder.key });
    if (aim.answers === "not_found") expectError(res, 404, "not_found");
    else if (aim.answers === "validation_error")
      expect(expectError(res, 400, "validation_error").details).toEqual([
        { path: "accountId", message: expect.any(String) },
      ]);
    else if (aim.answers === "an item's not_found" || aim.answers === "an item's validation_error") {
      // A batch answers 200, the item its own error.
      expect(res.status).toBe(200);
      const [item] = res.body.data as { status: number; error: { code: string } }[];
      expect(item.error.code).toBe(aim.answers.replace("an item's ", ""));
    } else if (aim.answers === "its own page") {
      expect(res.status).toBe(200);
      expect((res.body.data as { id: string }[]).map((user) => user.id)).toEqual([intruder.userId]);
    } else {
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([]);
      // The control: the same filter finds their resource with their key. Polled: the events
      // feed shows an event only once every older transaction has ended (lib/events/list-events.ts),
      // and other test files' transactions share this database.
      await expect
        .poll(async () => (await callApi<ListBody<unknown>>("GET", aim.path, { key: owner.key })).body.data.length, {
          timeout: 10_000,
          interval: 250,
        })
        .toBeGreaterThan(0);
    }
    expect(JSON.stringify(res.body)).not.toContain("Owned");

    // The owner's resources are as they were, and the intruder's account got nothing either.
    expect(await ownerView(owner, theirs)).toEqual(before);
    for (const list of ["leads", "properties", "visits", "activities"]) {
      const mine = await callApi("GET", `/api/v1/${list}`, { key: intruder.key });
      expect(mine.body.data, list).toEqual([]);
    }
  });
});
