import { PgBoss } from "pg-boss";
import { getDbHandle, stopBeforeCloseDb } from "@/db/client";
import { logger } from "@/lib/log/logger";
import { Activity } from "./activity";
import { connectionExecutor, type ConnectionExecutor } from "./connection-executor";
import { jobsConfig } from "./jobs-config";
import { setAsideV10Schema } from "./upgrade-from-v10";
import { WorkerWakes } from "./worker-wakes";
import { describeError } from "@/lib/log/describe-error";
import { jobTracingOptions } from "@/lib/observability/trace-jobs";
import { onDrain, shutdownDeadline, shutdownTimeoutMs } from "@/lib/runtime/shutdown";
import { stopEventDispatcher } from "@/lib/webhooks/dispatch/event-dispatcher";

// One pg-boss per process, over the app's own connection (db/client.ts), started on first use.

/** A started pg-boss and what this process knows about it. */
export interface Jobs {
  boss: PgBoss;
  /** Queues created (or checked) by this process: a send to any other would be silently dropped. */
  queues: Set<string>;
  /** This process's workers by queue name, and which of them a committed send wakes. */
  workers: WorkerWakes;
  activity: Activity;
  executor: ConnectionExecutor;
  /** pg-boss 10's schema waits, set aside, for its jobs to be carried over (upgrade-from-v10.ts). */
  v10SetAside: boolean;
}

// On globalThis like the database handle: a Next server loads this module in several module
// graphs, and each must find the same pg-boss (and the workers that instrumentation.ts started).
const globalForJobs = globalThis as unknown as { __lpmJobs?: Promise<Jobs>; __lpmJobsStarted?: Jobs };

async function startJobs(): Promise<Jobs> {
  const started = Date.now();
  const handle = await getDbHandle();
  const config = jobsConfig();
  const activity = new Activity();
  const executor = connectionExecutor(handle, activity);
  const workers = new WorkerWakes((id) => boss.notifyWorker(id));
  const v10SetAside = await setAsideV10Schema(handle.db);
  const boss: PgBoss = new PgBoss({
    // pg-boss's listener would wake every worker of a queue per notification: one is (worker-wakes.ts).
    db: {
      ...executor,
      listen: (channel, _wakeAll, onReconnect) => executor.listen(channel, (queue) => workers.wake(queue), onReconnect),
    },
    // The same SQL either way; the profile tells pg-boss it has one connection to PGlite.
    backend: handle.engine === "pglite" ? "pglite" : "postgres",
    // Cron schedules (queues with `cron`, define-queue.ts: the tasks' morning digest). The
    // timekeeper adds two internal queues, a poll every 5 s and a clock-skew check per process.
    schedule: true,
    // A job whose worker died is retried once its queue's expireInSeconds has passed, by the
    // supervisor's pass (every superviseIntervalSeconds) for the queues whose monitor claim is
    // due (monitorIntervalSeconds): both follow JOBS_MAINTENANCE_INTERVAL_SECONDS, as does the
    // deletion of finished jobs past their deleteAfterSeconds (maintenanceIntervalSeconds).
    superviseIntervalSeconds: config.maintenanceIntervalSeconds,
    monitorIntervalSeconds: config.maintenanceIntervalSeconds,
    maintenanceIntervalSeconds: config.maintenanceIntervalSeconds,
    // A send to a queue with `notify` (the webhook deliveries) wakes one of that queue's workers in
    // every process at its commit, through one LISTEN connection per process (connection-executor.ts).
    // Polling stays on as the floor: for jobs due later (retries) and notifications lost while
    // the listening connection was down. Behind a pooler in transaction mode LISTEN cannot work;
    // pg-boss then warns and polls (README, Production).
    useListenNotify: true,
    // No flows (jobs that wait for other jobs): the flow resolver would query every 5 s.
    flowIntervalSeconds: 3600,
    // Spans per send and per batch, and the sender's trace context kept on the job (not in its
    // data) when tracing is on; off, none at all (lib/observability/trace-jobs.ts).
    openTelemetry: jobTracingOptions(),
  });
  // pg-boss reports failed polls and maintenance as events; an EventEmitter with no "error"
  // listener would throw them at the process instead. Warnings: slow queries, a queue's backlog
  // past 10,000 jobs, a handler that outran its expireInSeconds, vacuum falling behind.
  boss.on("error", (error: Error) => logger.warn("jobs error", { error: describeError(error) }));
  boss.on("warning", ({ message, data }) => logger.warn("jobs warning", { message, type: warningType(data) }));
  await boss.start();
  logger.info("jobs ready", { engine: handle.engine, ms: Date.now() - started });
  const jobs: Jobs = { boss, queues: new Set(), workers, activity, executor, v10SetAside };
  // From SIGTERM, this process's workers fetch nothing new; the batches they hold run on, and
  // the stop (stopJobs) waits for them. Sends still work: requests in flight may enqueue.
  onDrain(() => {
    for (const name of jobs.workers.queueNames()) void boss.offWork(name, { wait: false });
  });
  return jobs;
}

function warningType(data: object): string | undefined {
  const type = (data as { type?: unknown }).type;
  return typeof type === "string" ? type : undefined;
}

/** This process's started jobs, starting them on first use. A failed start is retried next call. */
export function getJobs(): Promise<Jobs> {
  if (!globalForJobs.__lpmJobs) {
    const starting = startJobs();
    globalForJobs.__lpmJobs = starting;
    // Registered before the start ends, so a closeDb meanwhile still stops what it started.
    const unregister = stopBeforeCloseDb(() => stopJobs(starting));
    starting.then(
      (jobs) => (globalForJobs.__lpmJobsStarted = jobs),
      () => {
        unregister();
        if (globalForJobs.__lpmJobs === starting) globalForJobs.__lpmJobs = undefined;
      },
    );
  }
  return globalForJobs.__lpmJobs;
}

export async function getBoss(): Promise<PgBoss> {
  return (await getJobs()).boss;
}

/** The jobs if this process has finished starting them, without waiting (see enqueue.ts). */
export function startedJobs(): Jobs | undefined {
  return globalForJobs.__lpmJobsStarted;
}

// Runs at closeDb (db/client.ts), before the connection closes: workers stop taking jobs, running
// handlers get the shutdown timeout to finish, then pg-boss's queries stop.
async function stopJobs(starting: Promise<Jobs>): Promise<void> {
  if (globalForJobs.__lpmJobs === starting) globalForJobs.__lpmJobs = undefined;
  const jobs = await starting.catch(() => undefined);
  if (!jobs) return;
  // Its step in flight commits or rolls back whole before the queries stop.
  await stopEventDispatcher();
  if (globalForJobs.__lpmJobsStarted === jobs) globalForJobs.__lpmJobsStarted = undefined;
  // Until the deadline of the process's stop (SIGTERM + SHUTDOWN_TIMEOUT_MS), else (a test's
  // closeDb) SHUTDOWN_TIMEOUT_MS from now.
  const deadline = shutdownDeadline() ?? Date.now() + shutdownTimeoutMs();
  const timeoutMs = Math.max(0, deadline - Date.now());
  try {
    // Waits for running handlers up to the timeout, then fails their jobs so they are retried.
    await jobs.boss.stop({ graceful: true, timeout: timeoutMs });
  } catch (error) {
    logger.warn("jobs stop failed", { error: describeError(error) });
  }
  if (!(await jobs.activity.settled(Math.max(1000, deadline - Date.now())))) {
    logger.warn("jobs stopped with a handler still running: its job is retried, maybe while it still runs");
  }
  jobs.executor.close();
}
