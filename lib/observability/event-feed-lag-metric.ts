import { sharedGauge } from "./metrics-registry";
import { databaseEngine, queryRows } from "./query-rows";
import { within } from "./within";

// The event feed (GET /api/v1/events, lib/events/list-events.ts) shows only events below its
// horizon, the oldest transaction id still running (pg_snapshot_xmin). A long transaction
// anywhere on the server, any database of the cluster, holds the feed's tail back for as long as
// it runs. The lag is that transaction's age: the oldest transaction that holds an id (backend_xid;
// a read-only one holds none and blocks nothing), or a prepared transaction, which holds the
// horizon until it is committed. 0 when none. Read at scrape time, on both engines (PGlite has one
// connection: whatever transaction it ran has ended before this read runs, so it reads 0).
// Without pg_read_all_stats (or pg_monitor), PostgreSQL shows a role only its own sessions' xids:
// grant it to the app's role for a cluster-wide figure.

const LAG_SQL = `select greatest(0, coalesce(extract(epoch from clock_timestamp() - least(
    (select min(xact_start) from pg_stat_activity where backend_xid is not null),
    (select min(prepared) from pg_prepared_xacts))), 0))::float8 as seconds`;

sharedGauge({
  name: "leadprop_event_feed_lag_seconds",
  help: "Age of the oldest transaction holding back the event feed's horizon (0 when none; absent when the database did not answer).",
  labelNames: ["engine"] as const,
  async collect() {
    this.reset();
    const [row] = await within(queryRows<{ seconds: number }>(LAG_SQL)).catch(() => []);
    if (row) this.set({ engine: databaseEngine() }, Number(row.seconds));
  },
});
