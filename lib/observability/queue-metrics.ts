import { sharedGauge } from "./metrics-registry";
import { singleFlight } from "./single-flight";
import { within } from "./within";

// Background work by queue (pg-boss, lib/jobs/queue-stats.ts): jobs waiting, jobs running, and
// how long the oldest due job has waited. Read at scrape time, one statement for all three gauges
// (a growing backlog or age means the workers are too few, stuck or gone). The jobs module is
// loaded at the first scrape, not with the route: health probes never load it. The figures are
// the database's, so every process reports the same: aggregate with max by (queue).

type QueueStats = Awaited<ReturnType<(typeof import("@/lib/jobs/queue-stats"))["queueStats"]>>;

const readStats = singleFlight(async (): Promise<QueueStats> => {
  const { queueStats } = await import("@/lib/jobs/queue-stats");
  return within(queueStats());
});

/** A gauge per figure, each filled from the one read; absent when the read failed. */
function queueGauge(name: string, help: string, figure: (stat: QueueStats[number]) => number) {
  sharedGauge({
    name,
    help,
    labelNames: ["queue"] as const,
    async collect() {
      this.reset();
      const stats = await readStats().catch(() => []);
      for (const stat of stats) this.set({ queue: stat.name }, figure(stat));
    },
  });
}

queueGauge(
  "leadprop_queue_jobs_waiting",
  "Jobs waiting in each queue (created or retrying), due or not yet due.",
  (stat) => stat.waiting,
);
queueGauge("leadprop_queue_jobs_active", "Jobs a worker is running, by queue.", (stat) => stat.active);
queueGauge(
  "leadprop_queue_oldest_waiting_seconds",
  "How long the longest-waiting due job of each queue has been able to run (0 when none is due).",
  (stat) => Number(stat.oldestDueSeconds),
);
