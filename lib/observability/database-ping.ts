import { queryRows } from "./query-rows";
import { singleFlight } from "./single-flight";
import { TimedOut, within } from "./within";

// Does the database answer? A `select 1` on the app's own pool (what a request would use), for
// readiness and the database_up gauge. Callers that arrive while a ping is in flight share it,
// so a load balancer probing every second from several places costs one query at a time.

/** ok; down (the driver failed: refused, reset, closed); timeout (no answer in time). */
export type DatabaseCheck = "ok" | "down" | "timeout";

async function ping(): Promise<DatabaseCheck> {
  try {
    await within(queryRows("select 1"));
    return "ok";
  } catch (error) {
    return error instanceof TimedOut ? "timeout" : "down";
  }
}

// Shared only until it answers, timeouts included: a ping stuck on a dead connection is not
// waited on again, the next call sends a new one.
export const pingDatabase = singleFlight(ping);
