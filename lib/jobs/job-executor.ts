import type { PGlite, Transaction } from "@electric-sql/pglite";
import type { Db } from "pg-boss";
import type { Sql, TransactionSql } from "postgres";
import type { DbOrTx } from "@/db/client";

// pg-boss runs its SQL through `{ executeSql(text, values) }` when given one. Over a Drizzle
// transaction, a send is a row of that transaction: it commits or rolls back with the change that
// made it, so no worker ever sees a job for a change that did not happen.

type Row = Record<string, unknown>;
type DriverClient = Sql | TransactionSql | PGlite | Transaction;

/** pg-boss passes some `undefined` parameters, which postgres-js refuses (UNDEFINED_VALUE). */
export function pgliteParams(values: unknown[] | undefined): unknown[] {
  return (values ?? []).map((value) => (value === undefined ? null : value));
}

/** Also, pg-boss passes objects for its json/jsonb parameters (job data, queue options) and Dates
 * for its timestamps, as node-postgres takes them; Drizzle makes postgres-js's json and timestamp
 * serializers pass strings through. */
export function postgresParams(values: unknown[] | undefined): never[] {
  return pgliteParams(values).map((value) => {
    if (value instanceof Date) return value.toISOString();
    return value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype
      ? JSON.stringify(value)
      : value;
  }) as never[];
}

// Drizzle keeps the driver's client on its session (the pool, or the transaction's connection)
// and has no public accessor for a transaction's; tests/integration/jobs checks it on both engines.
function driverClientOf(dbOrTx: DbOrTx): DriverClient {
  return (dbOrTx._.session as unknown as { client: DriverClient }).client;
}

function isPostgres(client: DriverClient): client is Sql | TransactionSql {
  return typeof (client as Sql).unsafe === "function";
}

/** A pg-boss executor over the client or a transaction: `boss.send(name, data, { db: jobExecutor(tx) })`.
 * pg-boss sends single statements with values through it (send, insert), never multi-statement text. */
export function jobExecutor(dbOrTx: DbOrTx): Db {
  const client = driverClientOf(dbOrTx);
  return {
    async executeSql(text, values) {
      if (isPostgres(client)) {
        // Prepared (per connection, by text): these are a few fixed statements (pg-boss's send and
        // insert, POST /leads' statement) run on every change, so parsing them once pays.
        const rows: Row[] = await client.unsafe(text, postgresParams(values), { prepare: true });
        return { rows };
      }
      return client.query<Row>(text, pgliteParams(values));
    },
  };
}
