import type { Db } from "pg-boss";
import type { DbDriver } from "@/db/client";
import type { Activity } from "./activity";
import { pgliteParams, postgresParams } from "./job-executor";

// pg-boss's own queries (its migration, polling, completions, maintenance) over the app's connection:
// the postgres-js pool or the one PGlite, so it opens no pool of its own. Its text without values
// is sometimes several statements wrapped in BEGIN…COMMIT, which both drivers refuse as a normal
// query: PGlite will not prepare several statements, and postgres-js refuses BEGIN on a pool
// (UNSAFE_TRANSACTION). Such text runs with the simple protocol instead, on a connection reserved
// for it, and answers the rows of all its statements: pg-boss 12 reads a RETURNING in the middle
// of such a block (its maintenance asserts it finds that row), as node-postgres hands it every
// statement's result. A block that fails midway leaves its connection inside an aborted
// transaction, which every later query on it would then fail: it is rolled back before the error
// is thrown (pg-boss's own PGlite adapter does the same).

type Row = Record<string, unknown>;
type ListenHandle = Awaited<ReturnType<NonNullable<Db["listen"]>>>;

export interface ConnectionExecutor extends Db {
  listen: NonNullable<Db["listen"]>;
  /** After this, queries fail at once: pg-boss has stopped and the connection is about to close. */
  close(): void;
}

const BLOCK = /^\s*begin\b/i;

function allRows(results: Row[] | Row[][]): Row[] {
  // The simple protocol answers one row list per statement when there are several.
  return Array.isArray(results[0]) ? (results as Row[][]).flat() : (results as Row[]);
}

// pg-boss's statements with values (its fetch, completion, sends and polls) are prepared on each
// connection, as the app's own are: parsed and planned once instead of at every call. A queue's
// work is a handful of such texts run thousands of times (bench scenario 18: CPU, app + PostgreSQL,
// per webhook delivery 0.45× of the same jobs unprepared). A prepared statement lives as long as
// its connection, so only the first MAX_PREPARED distinct texts are: pg-boss writes a queue's name
// into its text, which keeps them few, but a text that varied per call would otherwise fill every
// connection's memory. A schema change under a prepared statement is re-planned by postgres-js.
const MAX_PREPARED = 200;

/** A check answering whether a text runs prepared: the first `max` distinct texts it is asked about do. */
export function preparedTextLimit(max: number): (text: string) => boolean {
  const texts = new Set<string>();
  return (text) => {
    if (texts.has(text)) return true;
    if (texts.size >= max) return false;
    texts.add(text);
    return true;
  };
}

const preparable = preparedTextLimit(MAX_PREPARED);

async function run(driver: DbDriver, text: string, values: unknown[] | undefined): Promise<{ rows: Row[] }> {
  const valueless = !values || values.length === 0;
  if (driver.engine === "pglite") {
    if (!valueless) return driver.client.query<Row>(text, pgliteParams(values));
    // A BEGIN…COMMIT block runs inside PGlite's own transaction (its BEGIN and COMMIT then only
    // warn), which rolls the block back on a failure before any other query reaches the one
    // connection. Other text (one statement, or several in the simple protocol's implicit
    // transaction) cannot leave a transaction open, and may be a statement that refuses to run in
    // one (CREATE INDEX CONCURRENTLY, from pg-boss's background migrations).
    const results = BLOCK.test(text)
      ? await driver.client.transaction((tx) => tx.exec(text))
      : await driver.client.exec(text);
    return { rows: results.flatMap((result) => result.rows as Row[]) };
  }
  if (!valueless) {
    const prepare = preparable(text);
    return { rows: await driver.client.unsafe(text, postgresParams(values), { prepare }) };
  }
  const reserved = await driver.client.reserve();
  try {
    // Valueless text is pg-boss's schema migrations and maintenance blocks: no limit of the app's
    // pool (db/session-timeouts.ts) for them, restored before the connection goes back.
    await reserved.unsafe("set statement_timeout = 0");
    return { rows: allRows((await reserved.unsafe(text).simple()) as Row[] | Row[][]) };
  } catch (error) {
    await reserved.unsafe("rollback").catch(() => {});
    throw error;
  } finally {
    await reserved.unsafe("reset statement_timeout").catch(() => {});
    reserved.release();
  }
}

// pg-boss's LISTEN for its notify-enabled queues (the webhook deliveries): a send's pg_notify, in
// the sending transaction, wakes a worker in every process at its commit (worker-wakes.ts). postgres-js listens
// on a connection of its own beside the pool and, when that drops, reconnects and listens again
// (notifications sent meanwhile are lost: `onReconnect` makes pg-boss's workers fetch once). PGlite
// delivers its own notifications in process.
async function listen(
  driver: DbDriver,
  channel: string,
  onNotification: (payload: string) => void,
  onReconnect: () => void,
): Promise<ListenHandle> {
  if (driver.engine === "pglite") {
    const unlisten = await driver.client.listen(channel, onNotification);
    return { close: () => unlisten() };
  }
  let listened = false;
  const { unlisten } = await driver.client.listen(channel, onNotification, () => {
    if (listened) onReconnect();
    listened = true;
  });
  return { close: () => unlisten() };
}

export function connectionExecutor(driver: DbDriver, activity: Activity): ConnectionExecutor {
  let closed = false;
  return {
    executeSql(text, values) {
      if (closed) return Promise.reject(new Error("background jobs are stopped: the query was not run"));
      return activity.run(() => run(driver, text, values));
    },
    listen: (channel, onNotification, onReconnect) => listen(driver, channel, onNotification, onReconnect),
    close() {
      closed = true;
    },
  };
}
