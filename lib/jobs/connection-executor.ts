import type PgBoss from "pg-boss";
import type { DbDriver } from "@/db/client";
import type { Activity } from "./activity";
import { pgliteParams, postgresParams } from "./job-executor";

// pg-boss's own queries (its migration, polling, completions, maintenance) over the app's connection:
// the postgres-js pool or the one PGlite, so it opens no pool of its own. Its text without values
// is sometimes several statements wrapped in BEGIN…COMMIT, which both drivers refuse as a normal
// query: PGlite will not prepare several statements, and postgres-js refuses BEGIN on a pool
// (UNSAFE_TRANSACTION). Such text runs with the simple protocol instead, on a connection reserved
// for it, and answers the last statement's rows.

type Row = Record<string, unknown>;

export interface ConnectionExecutor extends PgBoss.Db {
  /** After this, queries fail at once: pg-boss has stopped and the connection is about to close. */
  close(): void;
}

function lastRows(results: Row[] | Row[][]): Row[] {
  // The simple protocol answers one row list per statement when there are several.
  return Array.isArray(results[0]) ? ((results.at(-1) as Row[] | undefined) ?? []) : (results as Row[]);
}

async function run(driver: DbDriver, text: string, values: unknown[] | undefined): Promise<{ rows: Row[] }> {
  const valueless = !values || values.length === 0;
  if (driver.engine === "pglite") {
    if (!valueless) return driver.client.query<Row>(text, pgliteParams(values));
    const results = await driver.client.exec(text);
    return { rows: (results.at(-1)?.rows ?? []) as Row[] };
  }
  if (!valueless) return { rows: await driver.client.unsafe(text, postgresParams(values)) };
  const reserved = await driver.client.reserve();
  try {
    return { rows: lastRows((await reserved.unsafe(text).simple()) as Row[] | Row[][]) };
  } finally {
    reserved.release();
  }
}

export function connectionExecutor(driver: DbDriver, activity: Activity): ConnectionExecutor {
  let closed = false;
  return {
    executeSql(text, values) {
      if (closed) return Promise.reject(new Error("background jobs are stopped: the query was not run"));
      return activity.run(() => run(driver, text, values));
    },
    close() {
      closed = true;
    },
  };
}
