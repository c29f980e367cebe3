// The workers of scenario 18's own table (own-table.ts), run the way pg-boss runs the app's delivery
// workers (node_modules/pg-boss/dist/worker.js, lib/jobs/start-workers.ts): each claims a batch,
// hands it to the handler, marks it done, and then fetches again at once after a batch that found
// work or when notified meanwhile, and otherwise waits for a notification or the polling interval. A
// notification wakes one idle worker, and a full batch the next, through the app's own
// WorkerWakes (lib/jobs/worker-wakes.ts). So the two queues differ in their tables and
// statements, not in how often their workers ask.

import { WorkerWakes } from "@/lib/jobs/worker-wakes";

export interface ClaimLoopOptions<Row> {
  workers: number;
  batchSize: number;
  pollingMs: number;
  claim: () => Promise<readonly Row[]>;
  complete: (rows: readonly Row[]) => Promise<unknown>;
  handle: (rows: readonly Row[]) => void;
  onError: (error: unknown) => void;
}

interface Sleeper {
  promise: Promise<void>;
  wake: () => void;
}

function sleeper(ms: number): Sleeper {
  let wake = () => {};
  const promise = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    wake = () => {
      clearTimeout(timer);
      resolve();
    };
  });
  return { promise, wake };
}

export interface ClaimLoop {
  /** A committed fan-out was announced (LISTEN): one worker fetches now (WorkerWakes). */
  notify(): void;
  /** Stops fetching; resolves once every batch in hand is done. */
  stop(): Promise<void>;
}

export function startClaimLoop<Row>(options: ClaimLoopOptions<Row>): ClaimLoop {
  let stopping = false;
  const QUEUE = "table";
  const ids = Array.from({ length: options.workers }, (_, i) => `w${i}`);
  const wakes = new WorkerWakes((id) => {
    const worker = workers[ids.indexOf(id)];
    worker.notified = true;
    worker.sleeping?.wake();
  });
  wakes.add(QUEUE, ids);
  const workers = ids.map((id) => {
    const state = { notified: false, sleeping: undefined as Sleeper | undefined, done: Promise.resolve() };
    state.done = (async () => {
      while (!stopping) {
        const started = performance.now();
        state.notified = false;
        let fetched = 0;
        try {
          const rows = await options.claim();
          fetched = rows.length;
          if (fetched) {
            wakes.batchStarted(QUEUE, id, fetched >= options.batchSize);
            try {
              options.handle(rows);
              await options.complete(rows);
            } finally {
              wakes.batchEnded(QUEUE, id);
            }
          }
        } catch (error) {
          options.onError(error);
        }
        // The app's workers fetch again at once after any batch, and sleep after an empty fetch
        // (lib/jobs/start-workers.ts).
        if (fetched > 0) state.notified = true;
        const wait = options.pollingMs - (performance.now() - started);
        if (!stopping && !state.notified && wait > 100) {
          state.sleeping = sleeper(wait);
          await state.sleeping.promise;
          state.sleeping = undefined;
        }
      }
    })();
    return state;
  });
  return {
    notify() {
      wakes.wake(QUEUE);
    },
    async stop() {
      stopping = true;
      for (const worker of workers) worker.sleeping?.wake();
      await Promise.all(workers.map((w) => w.done));
    },
  };
}
