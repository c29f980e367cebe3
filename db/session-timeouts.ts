// Server-side limits on each of the app's PostgreSQL sessions, sent as startup parameters (so a
// connection has them from its first query, with no extra round trip).
//
// Why: the event feed and the webhook dispatcher read only below the oldest transaction running
// anywhere on the server (lib/events/list-events.ts). A session left idle inside a transaction
// (a crashed handler, a stuck client) or a runaway statement would hold every account's feed and
// every webhook back for as long as it lasts. These put a bound on that.
//
// Work that legitimately runs longer lifts the statement limit for itself: migrations (their own
// connection, db/client.ts), the bulk seed's index rebuilds (`set local`, lib/seed/seed-bulk.ts)
// and pg-boss's multi-statement maintenance blocks (lib/jobs/connection-executor.ts).

const DEFAULT_STATEMENT_TIMEOUT_MS = 30_000;
const DEFAULT_IDLE_IN_TRANSACTION_TIMEOUT_MS = 60_000;

/** A whole number of milliseconds from the environment (0 turns the limit off), else `fallback`. */
function milliseconds(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  return Number.isInteger(value) && value >= 0 ? value : fallback;
}

/** `statement_timeout` and `idle_in_transaction_session_timeout` for the app's connections:
 * DATABASE_STATEMENT_TIMEOUT_MS (default 30 s) and DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS
 * (default 60 s). */
export function sessionTimeouts(): { statement_timeout: number; idle_in_transaction_session_timeout: number } {
  return {
    statement_timeout: milliseconds("DATABASE_STATEMENT_TIMEOUT_MS", DEFAULT_STATEMENT_TIMEOUT_MS),
    idle_in_transaction_session_timeout: milliseconds(
      "DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS",
      DEFAULT_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    ),
  };
}
