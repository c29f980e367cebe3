import { afterAll, afterEach, describe, expect, it } from "vitest";
import { closeDb, getDbHandle } from "@/db/client";

// db/session-timeouts.ts: every connection of the app's pool has a statement limit and an
// idle-in-transaction limit, so no session can hold the event feed's horizon back for long.
// PostgreSQL only: PGlite is one process with one connection.

const saved = {
  statement: process.env.DATABASE_STATEMENT_TIMEOUT_MS,
  idle: process.env.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
};
const restore = (name: string, value: string | undefined) => {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
};

async function openPool() {
  const handle = await getDbHandle();
  if (handle.engine !== "postgres") throw new Error("this suite runs on PostgreSQL");
  return handle.client;
}

/** The setting as seen by `count` connections of the pool at once (each one reserved). */
async function showOnConnections(name: string, count: number): Promise<string[]> {
  const client = await openPool();
  const connections = await Promise.all(Array.from({ length: count }, () => client.reserve()));
  try {
    return await Promise.all(
      connections.map(
        async (c) => (await c.unsafe<{ value: string }[]>(`select current_setting('${name}') as value`))[0].value,
      ),
    );
  } finally {
    for (const c of connections) c.release();
  }
}

describe("PostgreSQL session timeouts", () => {
  afterEach(async () => {
    await closeDb();
    restore("DATABASE_STATEMENT_TIMEOUT_MS", saved.statement);
    restore("DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS", saved.idle);
  });
  afterAll(closeDb);

  it("every connection of the pool has statement_timeout 30 s and idle_in_transaction_session_timeout 60 s by default", async () => {
    delete process.env.DATABASE_STATEMENT_TIMEOUT_MS;
    delete process.env.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS;
    await closeDb();
    expect(await showOnConnections("statement_timeout", 3)).toEqual(["30s", "30s", "30s"]);
    expect(await showOnConnections("idle_in_transaction_session_timeout", 3)).toEqual(["1min", "1min", "1min"]);
  });

  it("the limits come from the environment, and the server enforces them", async () => {
    process.env.DATABASE_STATEMENT_TIMEOUT_MS = "500";
    process.env.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS = "700";
    await closeDb();
    const client = await openPool();
    await expect(client`select pg_sleep(2)`).rejects.toMatchObject({ code: "57014" }); // query_canceled

    const held = await client.reserve();
    try {
      const [{ pid }] = await held<{ pid: number }[]>`select pg_backend_pid() as pid`;
      await held`begin`;
      await held`select pg_current_xact_id()`;
      const open = () => client<{ n: number }[]>`select count(*)::int as n from pg_stat_activity where pid = ${pid}`;
      expect((await open())[0].n).toBe(1);
      // The server ends the idle transaction's session: the feed's horizon is free again.
      await expect.poll(async () => (await open())[0].n, { timeout: 5_000 }).toBe(0);
    } finally {
      held.release();
    }
  });
});
