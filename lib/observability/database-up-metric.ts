import { pingDatabase } from "./database-ping";
import { sharedGauge } from "./metrics-registry";
import { databaseEngine } from "./query-rows";

// 1 when the database answered this scrape's `select 1` in time, else 0. The other gauges read
// from the database are absent from a scrape it failed, so this one says why.
sharedGauge({
  name: "leadprop_database_up",
  help: "1 if the database answered a select 1 within 1 s at this scrape, else 0.",
  labelNames: ["engine"] as const,
  async collect() {
    this.reset();
    this.set({ engine: databaseEngine() }, (await pingDatabase()) === "ok" ? 1 : 0);
  },
});
