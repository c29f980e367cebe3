// Scenario 18's driver (bench/scenarios/delivery-queue-cost.ts): one run of one delivery queue, in a
// process of its own so that its CPU and its PostgreSQL backends are the queue's alone.
//   DATABASE_URL=… node --import tsx bench/workers/delivery-queue-driver.ts <queue> <shape> <events> <endpoints>
// <queue>: `pg-boss` (the app's delivery queue as it runs today: the dispatcher's enqueueMany of one
// job per endpoint per event, 8 workers per process fetching batches of 5 with the per-endpoint
// group concurrency, pg-boss's completion; lib/jobs), `pg-boss-prepared` (the same, with pg-boss's
// own statements that carry values prepared, as its insert already is: what a one-line change of
// lib/jobs/connection-executor.ts would give, tried here without changing it), `table`
// (bench/lib/delivery-queue/own-table.ts, prepared statements) or `table-unprepared` (the same,
// parsed at each run as pg-boss's fetch and completion are today).
// <shape>: `paced` (a fan-out step per event, 100 events a second: the dispatcher under scenario 7's
// paced writes) or `burst` (steps of 500 events back to back: the dispatcher draining a backlog).
// The send is nothing: the handler only counts, so what is measured is the queue.
// Protocol: prints `ready` once started and idle, starts on a `go` line on stdin, prints one JSON line
// when every delivery is done and its workers have stopped, and exits on `exit`.
import { createInterface } from "node:readline";
import { getDbHandle } from "@/db/client";
import type { Job, JobQueue } from "@/lib/jobs/define-queue";
import { getJobs } from "@/lib/jobs/boss";
import { enqueueMany } from "@/lib/jobs/enqueue";
import { postgresParams } from "@/lib/jobs/job-executor";
import { jobsConfig } from "@/lib/jobs/jobs-config";
import { startWorkers } from "@/lib/jobs/start-workers";
import { deliverWebhookQueue } from "@/lib/jobs/workers/deliver-webhook";
import { newId } from "@/lib/ids/new-id";
import { deliveryGroup, type DeliveryJob } from "@/lib/webhooks/delivery-job";
import { startClaimLoop } from "../lib/delivery-queue/claim-loop";
import { ownTableStatements, WAKE_CHANNEL, type ClaimedMessage } from "../lib/delivery-queue/own-table";

/** The bench's copy of the delivery queue: its options, batch, workers and cap, another name. */
const BENCH_QUEUE = "bench-deliver-webhook";
/** lib/webhooks/dispatch/event-dispatcher.ts's BATCH_EVENTS (not exported: app code is untouched). */
const DISPATCH_BATCH_EVENTS = 500;
/** The dispatcher's steps are at least 10 ms apart (STEP_SPACING_MS): at 100 writes a second, one
 * event a step. */
const PACED_PER_SECOND = 100;
const DONE_TIMEOUT_MS = 120_000;

export interface DriverResult {
  deliveries: number;
  /** Fan-out steps (one transaction each: BEGIN, the insert, COMMIT). */
  steps: number;
  /** Round trips this process sent in the run: the fan-outs' 3 a step, and every statement of the
   * queue's own (pg-boss's fetches, completions, polls and maintenance; the table's claims and
   * completions). */
  statements: number;
  /** Fetches or claims that returned jobs: their batches. */
  batches: number;
  /** From `go` to the last delivery done. */
  ms: number;
}

const [queueKind, shape, eventsArg, endpointsArg] = process.argv.slice(2);
const events = Number(eventsArg);
const endpointCount = Number(endpointsArg);
if (
  !["pg-boss", "pg-boss-prepared", "table", "table-unprepared"].includes(queueKind) ||
  !["paced", "burst"].includes(shape)
)
  throw new Error(
    `usage: delivery-queue-driver.ts pg-boss[-prepared]|table[-unprepared] paced|burst <events> <endpoints>`,
  );

const endpoints = Array.from({ length: endpointCount }, () => newId("webhookEndpoint"));
const total = events * endpointCount;
let delivered = 0;
let batches = 0;
let finished = () => {};
const allDone = new Promise<void>((resolve) => (finished = resolve));
const count = (n: number) => {
  delivered += n;
  batches++;
  if (delivered >= total) finished();
};

/** The fan-out steps: each event's deliveries, one per endpoint, in the dispatcher's order. */
function steps(): DeliveryJob[][] {
  const perStep = shape === "paced" ? 1 : DISPATCH_BATCH_EVENTS;
  const all: DeliveryJob[][] = [];
  for (let first = 0; first < events; first += perStep) {
    const step: DeliveryJob[] = [];
    for (let e = first; e < Math.min(events, first + perStep); e++) {
      const eventId = newId("event");
      for (const endpointId of endpoints) step.push({ eventId, endpointId, attempt: 1 });
    }
    all.push(step);
  }
  return all;
}

interface Queue {
  fanOut(step: DeliveryJob[]): Promise<void>;
  statements(): number;
  stop(): Promise<void>;
}

async function pgBossQueue(prepare: boolean): Promise<Queue> {
  const queue: JobQueue<DeliveryJob> = {
    name: BENCH_QUEUE,
    options: deliverWebhookQueue.options,
    batchSize: deliverWebhookQueue.batchSize,
    workersPerProcess: deliverWebhookQueue.workersPerProcess,
    groupConcurrency: deliverWebhookQueue.groupConcurrency,
    handler: async (jobs: Job<DeliveryJob>[]) => count(jobs.length),
  };
  // pg-boss's own statements all go through the app's executor: count them there (and, for
  // `pg-boss-prepared`, prepare those with values: its fetch, completion and polls; text without
  // values, its maintenance blocks, goes on as before).
  const jobs = await getJobs();
  const handle = await getDbHandle();
  let statements = 0;
  const execute = jobs.executor.executeSql.bind(jobs.executor);
  jobs.executor.executeSql = async (text, values) => {
    statements++;
    if (!prepare || !values?.length || handle.engine !== "postgres") return execute(text, values);
    return { rows: await handle.client.unsafe(text, postgresParams(values), { prepare: true }) };
  };
  await startWorkers([queue as never]);
  const { db } = handle;
  return {
    // As dispatch-batch.ts does it (tracing off: one statement for the step).
    async fanOut(step) {
      statements += 3;
      await db.transaction((tx) =>
        enqueueMany(
          tx,
          queue,
          step.map((data) => ({ data, ...deliveryGroup(data.endpointId) })),
        ),
      );
    },
    statements: () => statements,
    stop: () => jobs.boss.offWork(BENCH_QUEUE, { wait: true }),
  };
}

async function ownTableQueue(prepare: boolean): Promise<Queue> {
  const handle = await getDbHandle();
  if (handle.engine !== "postgres") throw new Error("scenario 18 runs on PostgreSQL (DATABASE_URL)");
  const table = ownTableStatements(handle.client, {
    prepare,
    batchSize: deliverWebhookQueue.batchSize,
    // A healthy endpoint's cap: the scenario's receivers never fail.
    endpointCap: healthyEndpointCap(),
    leaseSeconds: deliverWebhookQueue.options.expireInSeconds ?? 60,
  });
  const loop = startClaimLoop<ClaimedMessage>({
    workers: deliverWebhookQueue.workersPerProcess ?? 1,
    batchSize: deliverWebhookQueue.batchSize,
    pollingMs: jobsConfig().pollingIntervalSeconds * 1000,
    claim: table.claim,
    complete: (rows) => table.complete(rows.map((r) => r.id)),
    handle: (rows) => count(rows.length),
    onError: (error) => process.stderr.write(`claim loop: ${(error as Error).message}\n`),
  });
  const listening = await handle.client.listen(WAKE_CHANNEL, () => loop.notify());
  return {
    fanOut: (step) => table.fanOut(step),
    statements: () => table.counts.statements,
    async stop() {
      await loop.stop();
      await listening.unlisten();
    },
  };
}

async function main() {
  const queue = queueKind.startsWith("pg-boss")
    ? await pgBossQueue(queueKind === "pg-boss-prepared")
    : await ownTableQueue(queueKind === "table");
  const plan = steps();
  const lines = createInterface({ input: process.stdin });
  const commands = lines[Symbol.asyncIterator]();
  // Idle first: the workers' first fetches (empty) are before the window.
  await new Promise((resolve) => setTimeout(resolve, 500));
  process.stdout.write("ready\n");
  while ((await commands.next()).value !== "go");

  const statementsBefore = queue.statements();
  const started = performance.now();
  for (let i = 0; i < plan.length; i++) {
    if (shape === "paced") {
      const wait = started + (i * 1000) / PACED_PER_SECOND - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
    await queue.fanOut(plan[i]);
  }
  const timeout = new Promise((_, reject) =>
    setTimeout(
      () => reject(new Error(`${delivered} of ${total} delivered after ${DONE_TIMEOUT_MS} ms`)),
      DONE_TIMEOUT_MS,
    ).unref(),
  );
  await Promise.race([allDone, timeout]);
  const ms = performance.now() - started;
  // The workers stop once their batches in hand are completed: the last completion is in the window.
  await queue.stop();
  const result: DriverResult = {
    deliveries: delivered,
    steps: plan.length,
    statements: queue.statements() - statementsBefore,
    batches,
    ms: Math.round(ms),
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
  while ((await commands.next()).value !== "exit");
  process.exit(0);
}

main().catch((error: Error) => {
  process.stderr.write(`delivery queue driver failed: ${error.stack ?? error.message}\n`);
  process.exit(1);
});

function healthyEndpointCap(): number {
  const cap = deliverWebhookQueue.groupConcurrency!;
  return typeof cap === "number" ? cap : cap.default;
}
