import { getDbHandle } from "@/db/client";

// What the app sends to the database while `run` runs: each statement's text, and how many
// transactions it opened. It listens on the driver the app's Drizzle uses (postgres-js's pool or
// the one PGlite), passing every call through unchanged; the database is the real one.

export interface RecordedStatements {
  texts: string[];
  transactions: number;
}

export async function recordStatements(run: () => Promise<unknown>): Promise<RecordedStatements> {
  const handle = await getDbHandle();
  const recorded: RecordedStatements = { texts: [], transactions: 0 };
  const client = handle.client as unknown as Record<string, (...args: unknown[]) => unknown>;
  const [statement, transaction] = handle.engine === "postgres" ? ["unsafe", "begin"] : ["query", "transaction"];
  const originals = { statement: client[statement], transaction: client[transaction] };
  client[statement] = function (this: unknown, ...args: unknown[]) {
    recorded.texts.push(String(args[0]));
    return originals.statement.apply(this, args);
  };
  client[transaction] = function (this: unknown, ...args: unknown[]) {
    recorded.transactions++;
    return originals.transaction.apply(this, args);
  };
  try {
    await run();
  } finally {
    client[statement] = originals.statement;
    client[transaction] = originals.transaction;
  }
  return recorded;
}
