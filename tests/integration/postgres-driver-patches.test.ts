import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import postgres from "postgres";
import { ADMIN_URL } from "../setup/test-database";

// The connection patches of scripts/patches/postgres+3.4.9.patch (applied by `npm install`),
// on the real PostgreSQL. (The pool queue's patch: tests/unit/postgres-pool-queue.)
//
// 1. postgres-js reads the array types on every new connection (fetch_types) and dropped that
//    query's promise: a connection reset during it (PostgreSQL stopping, a failover) rejected
//    nothing anyone awaited, and plain Node exits on an unhandled rejection. One `.ci/run` lost
//    the fault-test server to it (tests/integration/faults/postgres-down). Upstream:
//    porsager/postgres#1192, #1205, #1223.
// 2. A prepared statement's signature (parameter types + text) is kept per statement text instead
//    of being concatenated and hashed again on every query.

/** A TCP proxy to PostgreSQL that resets the first connection when it sends the type query. */
function resetDuringTypeFetch(target: URL) {
  let resets = 0;
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    client.on("error", () => {});
    upstream.on("error", () => {});
    upstream.on("data", (chunk) => client.write(chunk));
    upstream.on("close", () => client.destroy());
    client.on("close", () => upstream.destroy());
    client.on("data", (chunk) => {
      if (resets === 0 && chunk.includes("pg_catalog.pg_type")) {
        resets++;
        client.resetAndDestroy();
        upstream.destroy();
        return;
      }
      upstream.write(chunk);
    });
  });
  return {
    listen: () =>
      new Promise<number>((resolve) =>
        server.listen(0, "127.0.0.1", () => resolve((server.address() as net.AddressInfo).port)),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    resets: () => resets,
  };
}

describe("postgres-js: a connection reset while it reads the array types", () => {
  const proxy = resetDuringTypeFetch(new URL(ADMIN_URL));
  const unhandled: unknown[] = [];
  const record = (reason: unknown) => unhandled.push(reason);
  let url: string;

  beforeAll(async () => {
    process.on("unhandledRejection", record);
    const target = new URL(ADMIN_URL);
    target.host = `127.0.0.1:${await proxy.listen()}`;
    url = target.toString();
  });
  afterAll(async () => {
    process.off("unhandledRejection", record);
    await proxy.close();
  });

  it("fails the query that was waiting, rejects nothing unawaited, and the next query reconnects", async () => {
    const sql = postgres(url, { max: 1, connect_timeout: 2, onnotice: () => {} });
    try {
      await expect(sql`select 1 as one`).rejects.toMatchObject({ code: "ECONNRESET" });
      expect(proxy.resets()).toBe(1);
      // A macrotask later, an unhandled rejection would have been reported.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(unhandled).toEqual([]);
      expect(await sql`select 1 as one`).toEqual([{ one: 1 }]);
    } finally {
      await sql.end({ timeout: 2 });
    }
  });
});

describe("postgres-js: prepared statements by signature", () => {
  it("one statement text is prepared once per parameter types, and each gets its own", async () => {
    const sql = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
    try {
      const prepared = async () => (await sql`select count(*)::int as n from pg_prepared_statements`)[0].n as number;
      const before = await prepared();
      // As Drizzle runs a prepared query: one string, its parameters, prepare: true.
      const text = "select $1::text as v";
      const run = (value: unknown) => sql.unsafe(text, [value as string], { prepare: true });
      // true is sent as a bool parameter, "x" as untyped text: two signatures for one text.
      for (let i = 0; i < 3; i++) {
        expect(await run(true)).toEqual([{ v: "true" }]);
        expect(await run("x")).toEqual([{ v: "x" }]);
      }
      expect(await run(false)).toEqual([{ v: "false" }]);
      expect((await prepared()) - before).toBe(2);
    } finally {
      await sql.end({ timeout: 2 });
    }
  });
});
