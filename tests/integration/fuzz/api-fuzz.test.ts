import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { asc, eq, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { loginAttempts } from "@/db/schema";
import { createAccount } from "@/lib/accounts/create-account";
import { authorizeCredentials } from "@/lib/auth/authorize-credentials";
import { getLoginLockedUntil, MAX_FAILED_ATTEMPTS } from "@/lib/auth/login-throttle";
import { INVALID_CREDENTIALS, LOCKED_PREFIX } from "@/lib/auth/sign-in-codes";
import { createQueues } from "@/lib/jobs/start-workers";
import { ERROR_STATUS } from "@/lib/errors/api-error";
import { refusalOutsideContract } from "@/lib/api/outside-contract-guard";
import { MAX_JSON_DEPTH } from "@/lib/schemas/json-limits";
import { callApi, createTenant, type TestTenant } from "../../helpers/api";
import type { DataBody, Lead, Property } from "../../helpers/api-bodies";
import { contentType, headerValue, mutatedBody, queryString, weirdString } from "../../helpers/fuzz-arbitraries";
import { createOperationTargets, OPERATIONS, templateIds, type OperationIds } from "../../helpers/operations";
import { setAppRateLimitEnv, TEST_REDIS_URL } from "../../helpers/rate-limit-env";
import { dispatch } from "../../helpers/route-table";

// Properties, for every operation and generated hostile input: no status >= 500; every 4xx is
// the error envelope with a code whose status it is; a rejected request changes nothing.
// FUZZ_RUNS per operation, FUZZ_SEED to replay a failure. The suite's default, 60 runs an
// operation from a new seed each run, is a regression net that adds up across runs; the long
// search is `npm run fuzz` (7,200 runs an operation).

const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
let tenant: TestTenant;
let foreign: OperationIds;
const mine = {
  leads: [] as string[],
  properties: [] as string[],
  visits: [] as string[],
  tasks: [] as string[],
  sms: [] as string[],
  webhookEndpoints: [] as string[],
  webhookDeliveries: [] as string[],
  users: [] as string[],
};
let totalCases = 0;
const statuses = new Map<string, number>();

async function fingerprint(accountId: string): Promise<string> {
  const db = await getDb();
  const rows = await db.execute(sql`
    select (select count(*) || ':' || coalesce(max(updated_at)::text, '') || ':' || count(deleted_at) from leads where account_id = ${accountId}) as leads,
           (select count(*) || ':' || coalesce(max(updated_at)::text, '') from properties where account_id = ${accountId}) as properties,
           (select count(*) || ':' || coalesce(max(updated_at)::text, '') from visits where account_id = ${accountId}) as visits,
           (select count(*) || ':' || coalesce(max(updated_at)::text, '') from tasks where account_id = ${accountId}) as tasks,
           (select count(*) from activities where account_id = ${accountId}) as activities,
           (select count(*) || ':' || coalesce(max(updated_at)::text, '') from sms_messages where account_id = ${accountId}) as sms,
           (select count(*) || ':' || coalesce(max(updated_at)::text, '') from webhook_endpoints where account_id = ${accountId}) as webhook_endpoints`);
  return JSON.stringify(Array.isArray(rows) ? rows[0] : (rows as { rows: unknown[] }).rows[0]);
}

beforeAll(async () => {
  console.log(`fuzz: seed ${SEED}, ${RUNS} runs per operation (replay with FUZZ_SEED=${SEED})`);
  // Before the first request: the app's limiter reads these once.
  setAppRateLimitEnv({ REDIS_URL: TEST_REDIS_URL, RATE_LIMIT_PER_MINUTE: "1000000" });
  // Fuzzed PATCHes may enable an endpoint, whose events are then queued: this process sends jobs
  // (and runs no worker).
  await createQueues();
  tenant = await createTenant();
  const other = await createTenant();
  for (let i = 0; i < 15; i++) {
    mine.leads.push(
      (
        await callApi<DataBody<Lead>>("POST", "/api/v1/leads", {
          key: tenant.key,
          body: { name: `Fuzz ${i}`, phone: "+14155550100" },
        })
      ).body.data.id,
    );
    mine.properties.push(
      (
        await callApi<DataBody<Property>>("POST", "/api/v1/properties", {
          key: tenant.key,
          body: { title: `P ${i}`, type: "house", listingType: "sale" },
        })
      ).body.data.id,
    );
  }
  for (let i = 0; i < 3; i++) {
    const ids = await createOperationTargets(tenant, `Fuzz target ${i}`);
    mine.visits.push(ids.visit);
    mine.tasks.push(ids.task);
    mine.sms.push(ids.sms);
    mine.webhookEndpoints.push(ids.webhookEndpoint);
    mine.webhookDeliveries.push(ids.webhookDelivery);
    mine.users.push(ids.user);
  }
  foreign = await createOperationTargets(other, "Theirs");
}, 120_000);

afterAll(() => {
  console.log(
    `fuzz: ${totalCases} cases run (seed ${SEED}); outcomes ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`,
  );
});

const FIELDS: Record<string, string[]> = {
  "/api/v1/leads": [
    "name",
    "email",
    "phone",
    "status",
    "source",
    "interest",
    "budget",
    "propertyId",
    "assignedTo",
    "tags",
    "notes",
    "smsOptOut",
  ],
  "/api/v1/properties": [
    "title",
    "description",
    "type",
    "listingType",
    "status",
    "price",
    "currency",
    "address",
    "bedrooms",
    "bathrooms",
    "areaSqm",
  ],
  "/api/v1/visits": ["leadId", "propertyId", "scheduledAt", "durationMinutes", "agentId", "notes"],
  "/api/v1/tasks": ["title", "type", "dueAt", "status", "assignedTo", "leadId", "notes"],
  sms: ["message"],
  "/api/v1/webhook-endpoints": ["url", "description", "events", "enabled"],
};

/** Lone surrogates cannot be percent-encoded; a client could not send them either. */
const safeEncode = (s: string) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, "?"));

const NAMED = OPERATIONS.map((op) => ({
  ...op,
  name: `${op.method} ${op.path(templateIds((name) => `:${name}`))}`,
}));

describe.each(NAMED)("fuzz $name", (op) => {
  it("never 5xx, always the envelope, rejected requests change nothing", async () => {
    const idChoice = (pool: () => string[], theirs: () => string) =>
      fc.oneof(
        fc.constantFrom(...pool()),
        fc.constant(theirs()),
        weirdString.map((s) => safeEncode(s.slice(0, 2000)) || "x"),
      );
    const arb = fc.record({
      lead: idChoice(
        () => mine.leads,
        () => foreign.lead,
      ),
      property: idChoice(
        () => mine.properties,
        () => foreign.property,
      ),
      visit: idChoice(
        () => mine.visits,
        () => foreign.visit,
      ),
      task: idChoice(
        () => mine.tasks,
        () => foreign.task,
      ),
      sms: idChoice(
        () => mine.sms,
        () => foreign.sms,
      ),
      webhookEndpoint: idChoice(
        () => mine.webhookEndpoints,
        () => foreign.webhookEndpoint,
      ),
      webhookDelivery: idChoice(
        () => mine.webhookDeliveries,
        () => foreign.webhookDelivery,
      ),
      user: idChoice(
        () => mine.users,
        () => foreign.user,
      ),
      query: queryString,
      idempotencyKey: fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary: headerValue, weight: 1 }),
      // Mostly the right media type, so bodies get past the 415 check and reach validation.
      contentType: fc.oneof({ arbitrary: fc.constant(undefined), weight: 6 }, { arbitrary: contentType, weight: 1 }),
      bodySeed: fc.nat(),
    });
    await fc.assert(
      fc.asyncProperty(arb, fc.context(), async (input, ctx) => {
        totalCases++;
        const ids = {
          lead: input.lead,
          property: input.property,
          visit: input.visit,
          task: input.task,
          sms: input.sms,
          scheduledSms: input.sms,
          webhookEndpoint: input.webhookEndpoint,
          webhookDelivery: input.webhookDelivery,
          user: input.user,
        };
        const path = op.path(ids);
        const valid = (op.body?.({
          lead: mine.leads[0],
          property: mine.properties[0],
          visit: mine.visits[0],
          task: mine.tasks[0],
          sms: mine.sms[0],
          scheduledSms: mine.sms[0],
          webhookEndpoint: mine.webhookEndpoints[0],
          webhookDelivery: mine.webhookDeliveries[0],
          user: mine.users[0],
        }) ?? undefined) as Record<string, unknown> | undefined;
        const fields = FIELDS[path.endsWith("/sms") ? "sms" : path.replace(/\/[^/]+$/, "")] ?? FIELDS[path] ?? [];
        const body = valid
          ? fc.sample(mutatedBody(valid, fields.length ? fields : Object.keys(valid)), {
              seed: input.bodySeed,
              numRuns: 1,
            })[0]
          : undefined;
        const headers: Record<string, string> = {};
        if (input.idempotencyKey !== undefined && op.method === "POST")
          headers["idempotency-key"] = input.idempotencyKey;
        if (input.contentType !== undefined && body) headers["content-type"] = input.contentType;
        const rawBody = body ? (body.raw ?? JSON.stringify(body.json) ?? "") : undefined;
        const before = await fingerprint(tenant.accountId);
        const res = await callApi(op.method, `${path}${input.query ? `?${input.query}` : ""}`, {
          key: tenant.key,
          rawBody,
          headers: { "content-type": "application/json", ...headers },
        });
        ctx.log(`${op.method} ${path.slice(0, 120)} → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
        const outcome = `${res.status} ${res.body?.error?.code ?? ""}`.trim();
        statuses.set(outcome, (statuses.get(outcome) ?? 0) + 1);
        expect(res.status).toBeLessThan(500);
        // A batch answers 200 whatever its items did: none of them may be a 5xx either.
        if (path.endsWith("/batch") && res.status === 200)
          for (const item of res.body.data as { status: number }[]) expect(item.status).toBeLessThan(500);
        if (res.status >= 400) {
          const error = res.body?.error ?? expect.unreachable(`${res.status} without the error envelope`);
          expect(error, "error envelope").toMatchObject({
            code: expect.any(String),
            message: expect.any(String),
            requestId: res.headers.get("x-request-id"),
          });
          expect(ERROR_STATUS[error.code as keyof typeof ERROR_STATUS], `status of ${error.code}`).toBe(res.status);
          if (error.code === "validation_error") expect(error.details?.length).toBeGreaterThan(0);
          expect(await fingerprint(tenant.accountId), "a rejected request changed the database").toBe(before);
        }
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
  }, 600_000);
});

describe("every method on every path", () => {
  it("answers each with the envelope (or OPTIONS' 204), never a 5xx; odd methods never reach a route", async () => {
    // Targets of their own: DELETE really deletes.
    const ids = await createOperationTargets(tenant, "Methods");
    const paths = [...new Set(OPERATIONS.map((op) => op.path(ids))), "/api/v1/nope", `/api/v1/leads/${ids.lead}/x/y`];
    const outcomes: string[] = [];
    for (const path of paths) {
      for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) {
        const withBody = ["POST", "PUT", "PATCH"].includes(method);
        const res = await dispatch(
          new Request(`http://localhost${path}`, {
            method,
            headers: { authorization: `Bearer ${tenant.key}`, "content-type": "application/json" },
            body: withBody ? "{}" : undefined,
          }),
        );
        const text = await res.text();
        outcomes.push(`${method} ${path} ${res.status}`);
        expect(res.status, `${method} ${path}`).toBeLessThan(500);
        expect(res.headers.get("x-request-id"), `${method} ${path}`).toMatch(/^req_/);
        if (method === "OPTIONS" && res.status === 204) {
          expect(res.headers.get("allow"), path).toMatch(/OPTIONS$/);
          continue;
        }
        const body = JSON.parse(text) as { error?: { code: string; requestId: string } };
        if (res.status >= 400) expect(body.error?.requestId, `${method} ${path}`).toBe(res.headers.get("x-request-id"));
      }
      for (const method of ["TRACE", "TRACK", "CONNECT", "PROPFIND", "QUERY", "M-SEARCH", "get"]) {
        expect(refusalOutsideContract(method, path)?.code, `${method} ${path}`).toBe("method_not_allowed");
      }
      expect(refusalOutsideContract("GET", `${path}/`)?.code).toBe("not_found");
    }
    expect(outcomes.length).toBe(paths.length * 6);
  }, 60_000);
});

// Issue 31, finding 14: deep JSON with every header combination, on every operation that takes a
// body. A nesting deeper than the limit is refused while the body is read (400 invalid_json),
// before validation or the Idempotency-Key fingerprint walks it; never a 5xx.
describe("deep JSON on every operation with a body (issue 31, finding 14)", () => {
  it("answers 400 invalid_json in the envelope, whatever the headers", async () => {
    const ids = await createOperationTargets(tenant, "Deep");
    const deep = fc.sample(
      fc.record({
        depth: fc.integer({ min: MAX_JSON_DEPTH + 1, max: 15_000 }),
        open: fc.constantFrom("[", '{"a":', '[{"b":'),
        idempotency: fc.boolean(),
        type: fc.constantFrom("application/json", "application/json; charset=utf-8", "application/vnd.api+json"),
        accept: fc.constantFrom(undefined, "*/*", "text/html"),
      }),
      { numRuns: 12, seed: SEED },
    );
    for (const op of OPERATIONS.filter((o) => o.body)) {
      for (const c of deep) {
        const close = c.open === "[" ? "]" : c.open === '{"a":' ? "}" : "}]";
        // Under the 100 KB body limit with the closers counted too (else a 413 answers first).
        const depth = Math.min(c.depth, Math.floor(90_000 / (c.open.length + close.length)));
        const raw = `${c.open.repeat(depth)}1${close.repeat(depth)}`;
        const headers: Record<string, string> = { authorization: `Bearer ${tenant.key}`, "content-type": c.type };
        if (c.idempotency) headers["idempotency-key"] = `deep-${Math.random()}`;
        if (c.accept) headers.accept = c.accept;
        const path = op.path(ids);
        const res = await dispatch(new Request(`http://localhost${path}`, { method: op.method, headers, body: raw }));
        const body = JSON.parse(await res.text()) as { error?: { code: string; requestId: string } };
        const label = `${op.method} ${path} ${JSON.stringify(c)}`;
        expect(res.status, label).toBe(400);
        expect(body.error?.code, label).toBe("invalid_json");
        expect(body.error?.requestId, label).toBe(res.headers.get("x-request-id"));
      }
    }
  }, 120_000);
});

// Issue 31, finding 2 ("How to prove it": parallel sign-ins): the lock was read before scrypt and
// the failure written after it, so parallel attempts signed in past it. Generated mixes of right
// and wrong passwords, all at once from one address: whatever the mix, every attempt is either
// refused by the lock unchecked or checked and recorded, and none is admitted past the lock.
describe("parallel sign-ins (issue 31, finding 2)", () => {
  it("a random mix of right and wrong passwords at once never signs in past the lock, and records every checked attempt", async () => {
    const mixes = fc.sample(
      fc.array(
        fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
        { minLength: 12, maxLength: 24 },
      ),
      { numRuns: 3, seed: SEED },
    );
    for (const [run, rights] of mixes.entries()) {
      const email = `parallel-${run}-${Math.random().toString(36).slice(2, 10)}@x.test`;
      const password = "right-password-1";
      await createAccount({ name: "Parallel Realty", email, password, plan: "agency" });
      const origin = { ip: `198.51.100.${Math.floor(Math.random() * 250) + 1}`, userAgent: "fuzz" };
      // One instant for all: the lock orders attempts by time, then by reservation.
      const at = new Date();
      const outcomes = await Promise.allSettled(
        rights.map((right, i) => authorizeCredentials(email, right ? password : `wrong-${i}`, origin, at)),
      );
      const codes = outcomes.map((o) => (o.status === "fulfilled" ? "signed in" : (o.reason as Error).message));
      const label = `mix ${rights.map((r) => (r ? "R" : "w")).join("")}: ${codes.join(", ")}`;
      codes.forEach((code, i) => {
        if (code === "signed in") expect(rights[i], label).toBe(true);
        else if (rights[i]) expect(code.startsWith(LOCKED_PREFIX), label).toBe(true);
        else expect(code === INVALID_CREDENTIALS || code.startsWith(LOCKED_PREFIX), label).toBe(true);
      });
      const recorded = await (
        await getDb()
      )
        .select({ succeeded: loginAttempts.succeeded })
        .from(loginAttempts)
        .where(eq(loginAttempts.email, email))
        .orderBy(asc(loginAttempts.id));
      // Every checked attempt is recorded as what it was; only the lock's refusals are not. A wrong
      // password checked while the lock fell may be answered "locked", so failures are bounded.
      const failed = recorded.filter((r) => !r.succeeded).length;
      expect(recorded.length - failed, label).toBe(codes.filter((c) => c === "signed in").length);
      expect(failed, label).toBeGreaterThanOrEqual(codes.filter((c) => c === INVALID_CREDENTIALS).length);
      expect(failed, label).toBeLessThanOrEqual(rights.filter((right) => !right).length);
      // In reservation order no attempt was let in after MAX_FAILED_ATTEMPTS failures in a row.
      let failuresInARow = 0;
      for (const row of recorded) {
        expect(failuresInARow, label).toBeLessThan(MAX_FAILED_ATTEMPTS);
        failuresInARow = row.succeeded ? 0 : failuresInARow + 1;
      }
      // Ten failures in a row lock the email, right password included.
      expect((await getLoginLockedUntil(email, at)) !== null, label).toBe(failuresInARow >= MAX_FAILED_ATTEMPTS);
    }
  }, 30_000);
});
