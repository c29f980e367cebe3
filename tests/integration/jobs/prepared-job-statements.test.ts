import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { Activity } from "@/lib/jobs/activity";
import { connectionExecutor, preparedTextLimit } from "@/lib/jobs/connection-executor";
import { randomUUID } from "node:crypto";

// pg-boss's statements with values run prepared on the app's PostgreSQL connections
// (lib/jobs/connection-executor.ts), up to a bound of distinct texts.

const client = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
afterAll(() => client.end());

describe("pg-boss's statements on PostgreSQL", () => {
  it("a statement with values is prepared on its connection and answers its rows", async () => {
    const executor = connectionExecutor({ engine: "postgres", client }, new Activity());
    const marker = `prepared-${randomUUID()}`;
    const text = `select $1::int + 1 as n /* ${marker} */`;
    expect((await executor.executeSql(text, [1])).rows).toEqual([{ n: 2 }]);
    expect((await executor.executeSql(text, [41])).rows).toEqual([{ n: 42 }]);
    const prepared = await client`select statement from pg_prepared_statements where statement like ${`%${marker}%`}`;
    expect(prepared).toHaveLength(1);
  });

  it("only the first N distinct texts are prepared, so a text that varied per call could not fill the connection", () => {
    const preparable = preparedTextLimit(2);
    expect([preparable("a"), preparable("b"), preparable("c"), preparable("a"), preparable("b")]).toEqual([
      true,
      true,
      false,
      true,
      true,
    ]);
  });
});
