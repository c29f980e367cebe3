import { sharedGauge } from "./metrics-registry";
import { databaseEngine, queryRows } from "./query-rows";
import { within } from "./within";

// How far the webhook dispatcher (lib/webhooks/dispatch/) is behind: the age of the oldest
// committed event past its position, 0 when it has caught up. A rising value with a flat
// event-feed lag is a dispatcher that does not run (no process runs jobs, or every step fails); with
// a rising feed lag, the horizon holds it back. Read at scrape time on both engines.

const LAG_SQL = `select coalesce(extract(epoch from clock_timestamp() - min(e.created_at)), 0)::float8 as seconds
  from event_dispatch_positions p
  join events e on (e.txid, e.id) > (p.txid, p.event_id)
  where p.name = 'webhooks' and e.type <> 'webhook.test'`;

sharedGauge({
  name: "leadprop_webhook_dispatch_lag_seconds",
  help: "Age of the oldest committed event the webhook dispatcher has not fanned out yet (0 when caught up; absent when the database did not answer).",
  labelNames: ["engine"] as const,
  async collect() {
    this.reset();
    const [row] = await within(queryRows<{ seconds: number }>(LAG_SQL)).catch(() => []);
    if (row) this.set({ engine: databaseEngine() }, Math.max(0, Number(row.seconds)));
  },
});
