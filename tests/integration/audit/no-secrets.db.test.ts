import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { sql, type SQL } from "drizzle-orm";
import { getDb } from "@/db/client";
import { createAccount } from "@/lib/accounts/create-account";
import { authorizeCredentials } from "@/lib/auth/authorize-credentials";
import { createApiKeyAction, rollApiKeyAction } from "@/app/(app)/settings/api/actions";
import { endpointSecretAction } from "@/app/(app)/settings/webhooks/actions";
import { DISPLAY_PREFIX_LENGTH } from "@/lib/keys/key-format";
import { getMember } from "@/lib/users/get-member";
import { callApi } from "../../helpers/api";
import type { DataBody } from "../../helpers/api-bodies";
import { limitThroughRealRedis } from "../api/setup-api-tests";
import { joinByInvite } from "../invites/invite-fixtures";
import { form } from "../web/web-fixtures";
import { auditEntries, ORIGIN, ORIGIN_HEADERS } from "./audit-fixtures";

// The suites log at "warn"; this one needs every line the app writes, down to debug. Set before
// the logger is imported (it reads the level once), put back after.
const previousLogLevel = vi.hoisted(() => {
  const previous = process.env.LOG_LEVEL;
  process.env.LOG_LEVEL = "debug";
  return previous;
});

limitThroughRealRedis();

// Every action that makes or shows a secret, done while the app's log output is captured; then
// every row of every table in the database, and the captured lines, are searched for each
// plaintext secret and password. API keys are stored as hashes, webhook secrets and sealed
// Idempotency-Key replays encrypted, and the audit log records that a secret was revealed or
// rolled, never the secret.

const unique = () => Math.random().toString(36).slice(2, 10);
const PASSWORD = `owner-pw-${unique()}-horse`;
const WRONG_PASSWORD = `wrong-pw-${unique()}-battery`;
const STAFF_PASSWORD = `staff-pw-${unique()}-staple`;
const HOOK_URL = `http://127.0.0.1:9/no-secrets-${unique()}`;

let output = "";
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

async function rowsOf(query: SQL): Promise<Record<string, unknown>[]> {
  const result: unknown = await (await getDb()).execute(query);
  // postgres-js answers an array of rows, PGlite an object holding them.
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, unknown>[];
}

/** Every table of the database (the app's, pg-boss's, the migrations'): "schema"."table". */
async function allTables(): Promise<string[]> {
  const rows = await rowsOf(sql`
    select table_schema, table_name from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`);
  return rows.map((row) => `"${String(row.table_schema)}"."${String(row.table_name)}"`);
}

/** The tables any of whose rows, as JSON, contains `needle`. */
async function tablesHolding(tables: string[], needle: string): Promise<string[]> {
  const found: string[] = [];
  for (const table of tables) {
    const [{ n }] = await rowsOf(
      sql`select count(*)::int as n from ${sql.raw(table)} t where strpos(row_to_json(t)::text, ${needle}) > 0`,
    );
    if (Number(n) > 0) found.push(table);
  }
  return found;
}

describe(`no secret in the database or the logs on ${process.env.TEST_DB_ENGINE ?? "postgres"}`, () => {
  beforeAll(() => {
    vi.spyOn(process.stdout, "write").mockImplementation((chunk) => ((output += String(chunk)), true));
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => ((output += String(chunk)), true));
  });
  afterEach(async () => {
    await nextTurn(); // the logger writes info lines a turn later
  });
  afterAll(() => {
    vi.restoreAllMocks();
    if (previousLogLevel === undefined) delete process.env.LOG_LEVEL;
    else process.env.LOG_LEVEL = previousLogLevel;
  });

  it("keys, webhook secrets and passwords appear in no row and no log line", async () => {
    const email = `secrets-${unique()}@x.test`;
    const { accountId, userId } = await createAccount({
      name: "Secret Realty",
      email,
      password: PASSWORD,
      plan: "agency",
    });
    const owner = (await getMember(accountId, userId))!;

    await authorizeCredentials(email, WRONG_PASSWORD, ORIGIN).catch(() => {});
    await authorizeCredentials(email, PASSWORD, ORIGIN);
    await joinByInvite({
      accountId,
      ownerUserId: userId,
      origin: ORIGIN,
      email: `staff-${email}`,
      name: "Sam Staff",
      password: STAFF_PASSWORD,
    });
    await authorizeCredentials(`staff-${email}`, STAFF_PASSWORD, ORIGIN);

    const created = (
      await createApiKeyAction.run(owner, form({ name: "Secret key", preset: "full_access", expiry: "never" }), ORIGIN)
    ).createdKey!;
    const rolled = (await rollApiKeyAction.run(owner, form({ keyId: created.id, overlap: "1h" }), ORIGIN)).rolledKey!;

    // Through the API, with an Idempotency-Key: the answer holds the secret, and so does its
    // stored replay (sealed).
    const idempotencyKey = `secrets-${unique()}`;
    const subscribe = () =>
      callApi<DataBody<{ id: string; secret: string }>>("POST", "/api/v1/webhook-endpoints", {
        key: rolled.key,
        headers: { ...ORIGIN_HEADERS, "idempotency-key": idempotencyKey },
        body: { url: HOOK_URL, events: ["lead.created"] },
      });
    const endpoint = await subscribe();
    expect(endpoint.status).toBe(201);
    expect((await subscribe()).body.data.secret).toBe(endpoint.body.data.secret); // the replay
    const endpointId = endpoint.body.data.id;
    const revealed = await endpointSecretAction.run(owner, form({ endpointId, intent: "reveal" }), ORIGIN);
    const rolledSecret = await endpointSecretAction.run(owner, form({ endpointId, intent: "roll" }), ORIGIN);
    expect(revealed.secret).toBe(endpoint.body.data.secret);
    expect(rolledSecret.secret).toMatch(/^whsec_/);

    // Both API calls' request-log rows are written after the response, in a batch.
    await expect
      .poll(
        async () => {
          const [{ n }] = await rowsOf(
            sql`select count(*)::int as n from request_logs where account_id = ${accountId}`,
          );
          return Number(n);
        },
        { timeout: 10_000, interval: 50 },
      )
      .toBeGreaterThanOrEqual(1);
    await nextTurn();

    // Each action is in the audit log, without its secret.
    const actions = (await auditEntries(accountId)).map((entry) => entry.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        "sign_in.succeeded",
        "invite.sent",
        "invite.accepted",
        "api_key.created",
        "api_key.rolled",
        "webhook_endpoint.created",
        "webhook_endpoint.secret_revealed",
        "webhook_endpoint.secret_rolled",
      ]),
    );

    const secrets: Record<string, string> = {
      "the created key": created.key,
      "the created key's hidden part": created.key.slice(DISPLAY_PREFIX_LENGTH),
      "the rolled key": rolled.key,
      "the rolled key's hidden part": rolled.key.slice(DISPLAY_PREFIX_LENGTH),
      "the endpoint's first secret": endpoint.body.data.secret,
      "its first secret's body": endpoint.body.data.secret.slice("whsec_".length),
      "the endpoint's rolled secret": rolledSecret.secret!,
      "its rolled secret's body": rolledSecret.secret!.slice("whsec_".length),
      "the owner's password": PASSWORD,
      "a mistyped password": WRONG_PASSWORD,
      "the staff member's password": STAFF_PASSWORD,
    };
    const tables = await allTables();
    // The search finds what is there: the endpoint's URL is in its row and its audit entries.
    expect(await tablesHolding(tables, HOOK_URL)).toEqual(
      expect.arrayContaining(['"public"."webhook_endpoints"', '"public"."audit_log_entries"']),
    );
    expect(output).toContain('"msg":"api request"');

    const leaks: string[] = [];
    for (const [what, secret] of Object.entries(secrets)) {
      for (const table of await tablesHolding(tables, secret)) leaks.push(`${what} in ${table}`);
      if (output.includes(secret)) leaks.push(`${what} in the logs`);
    }
    expect(leaks).toEqual([]);
  });
});
