// Background jobs are tuned through the environment: production defaults, shorter values in tests.

export interface JobsConfig {
  /** How often an idle worker asks for jobs. pg-boss allows 0.5 s at the least. */
  pollingIntervalSeconds: number;
  /** How often expired jobs (a worker died mid-job) are failed into retry, across all processes. */
  maintenanceIntervalSeconds: number;
}

// A committed send wakes one of the queue's workers in every process at once (LISTEN, worker-wakes.ts);
// polling is the floor, for jobs due later (retries) and a lost notification, so 2 s (pg-boss's
// default) costs little latency and one query a queue every 2 s per process.
// How long a stop waits for running handlers: SHUTDOWN_TIMEOUT_MS (lib/runtime/shutdown.ts).
const DEFAULTS: JobsConfig = { pollingIntervalSeconds: 2, maintenanceIntervalSeconds: 60 };

function seconds(name: string, fallback: number, min: number): number {
  const raw = process.env[name];
  const value = raw ? Number(raw) : NaN;
  return Number.isFinite(value) && value >= min ? value : fallback;
}

export function jobsConfig(): JobsConfig {
  return {
    pollingIntervalSeconds: seconds("JOBS_POLLING_INTERVAL_SECONDS", DEFAULTS.pollingIntervalSeconds, 0.5),
    maintenanceIntervalSeconds: Math.round(
      seconds("JOBS_MAINTENANCE_INTERVAL_SECONDS", DEFAULTS.maintenanceIntervalSeconds, 1),
    ),
  };
}

/** RUN_WORKERS=0: this web process only sends jobs, and `npm run worker` processes run them. */
export function webProcessRunsWorkers(): boolean {
  return process.env.RUN_WORKERS !== "0";
}
