import { spawnSync, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/db/client";
import { getBoss } from "@/lib/jobs/boss";
import { enqueue, enqueueMany } from "@/lib/jobs/enqueue";
import { jobExecutor } from "@/lib/jobs/job-executor";
import { createQueues } from "@/lib/jobs/start-workers";
import { killAndWait, spawnTsx } from "../../helpers/spawn-process";
import { recordingQueue, RUNS_TABLE_DDL } from "./recording-worker";
import { waitUntil } from "./wait-until";

// `npm run worker` processes (lib/jobs/run-worker-process.ts, as scripts/worker.ts runs it) on one
// PostgreSQL database. PostgreSQL only: the embedded database belongs to one process.

const suffix = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
const children: ChildProcess[] = [];

type Run = { job_id: string; data: { n: number }; pid: number };

async function runsOf(queue: string): Promise<Run[]> {
  const db = await getDb();
  const { rows } = await jobExecutor(db).executeSql(
    "select job_id, data, pid from jobs_test_runs where queue = $1 order by at",
    [queue],
  );
  return rows as Run[];
}

async function startWorker(queue: string, expireInSeconds: number, env: Record<string, string> = {}) {
  const started = await spawnTsx(
    "tests/integration/jobs/recording-worker.ts",
    {
      LOG_LEVEL: "info",
      SKIP_MIGRATIONS: "1",
      JOBS_POLLING_INTERVAL_SECONDS: "0.5",
      JOBS_MAINTENANCE_INTERVAL_SECONDS: "1",
      JOBS_TEST_QUEUE: queue,
      JOBS_TEST_EXPIRE_SECONDS: String(expireInSeconds),
      ...env,
    },
    /"msg":"worker started"/,
  );
  children.push(started.child);
  return started.child;
}

beforeAll(async () => {
  const db = await getDb();
  await jobExecutor(db).executeSql(RUNS_TABLE_DDL, []);
});

afterAll(async () => {
  for (const child of children) child.kill("SIGKILL");
  await closeDb();
});

describe("worker processes on one database", () => {
  it("`npm run worker` refuses the embedded database, and on PostgreSQL logs its start and stops on SIGTERM", async () => {
    const refused = spawnSync(process.execPath, ["--import", "tsx", "scripts/worker.ts"], {
      cwd: path.resolve(__dirname, "../../.."),
      env: { ...process.env, DATABASE_URL: "" },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/needs DATABASE_URL/);

    const worker = await spawnTsx(
      "scripts/worker.ts",
      { LOG_LEVEL: "info", SKIP_MIGRATIONS: "1" },
      /\{[^\n]*"msg":"worker started"[^\n]*\n/,
    );
    children.push(worker.child);
    expect(JSON.parse(worker.match[0])).toMatchObject({
      level: "info",
      pid: worker.child.pid,
      queues: expect.any(String),
    });
    await killAndWait(worker.child, "SIGTERM");
    expect(worker.child.exitCode).toBe(0);
  });

  it("two processes run each of N jobs exactly once, both taking a share", async () => {
    const queue = recordingQueue(`test-two-workers-${suffix}`, 60);
    await createQueues([queue]);
    const [first, second] = await Promise.all([startWorker(queue.name, 60), startWorker(queue.name, 60)]);
    const N = 60;
    const db = await getDb();
    await db.transaction((tx) =>
      enqueueMany(
        tx,
        queue,
        Array.from({ length: N }, (_, n) => ({ data: { n } })),
      ),
    );
    await waitUntil("every job to run", async () => (await runsOf(queue.name)).length >= N);
    // Give a duplicate the time to show up: both workers poll every 0.5 s.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const runs = await runsOf(queue.name);
    expect(runs).toHaveLength(N);
    expect(new Set(runs.map((run) => run.job_id)).size).toBe(N);
    expect(runs.map((run) => run.data.n).sort((a, b) => a - b)).toEqual(Array.from({ length: N }, (_, n) => n));
    const byPid = new Map<number, number>();
    for (const run of runs) byPid.set(run.pid, (byPid.get(run.pid) ?? 0) + 1);
    expect([...byPid.keys()].sort()).toEqual([first.pid, second.pid].sort());
    // SIGTERM stops a worker gracefully: exit code 0.
    const exits = [first, second].map((child) => new Promise((resolve) => child.once("exit", resolve)));
    first.kill("SIGTERM");
    second.kill("SIGTERM");
    expect(await Promise.all(exits)).toEqual([0, 0]);
  });

  it("a job whose worker was killed mid-job runs again, with the same data, once another worker runs", async () => {
    const expireInSeconds = 2;
    const queue = recordingQueue(`test-killed-worker-${suffix}`, expireInSeconds);
    await createQueues([queue]);
    const doomed = await startWorker(queue.name, expireInSeconds, { JOBS_TEST_HANG: "1" });
    const db = await getDb();
    const id = await db.transaction((tx) => enqueue(tx, queue, { n: 42 }));
    await waitUntil("the first worker to start the job", async () => (await runsOf(queue.name)).length === 1);
    await killAndWait(doomed, "SIGKILL");

    const successor = await startWorker(queue.name, expireInSeconds);
    // Expiry (2 s after the start) + the successor's maintenance (every 1 s) + a poll (0.5 s).
    const runs = await waitUntil("the job to run again", async () => {
      const found = await runsOf(queue.name);
      return found.length === 2 && found;
    });
    expect(runs.map((run) => run.job_id)).toEqual([id, id]);
    expect(runs.map((run) => run.pid)).toEqual([doomed.pid, successor.pid]);
    expect(runs[1].data).toEqual({ n: 42 });
    const boss = await getBoss();
    await waitUntil("the retry to complete", async () => {
      const [job] = await boss.findJobs(queue.name, { id: id! });
      return job?.state === "completed";
    });
    const [job] = await boss.findJobs(queue.name, { id: id! });
    expect(job).toMatchObject({ state: "completed", retryCount: 1, data: { n: 42 } });
    await killAndWait(successor);
  });
});
