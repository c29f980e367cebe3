import type { Db } from "@/db/client";
import { describeError } from "@/lib/log/describe-error";
import { logger } from "@/lib/log/logger";
import { inTraceContextOf } from "@/lib/observability/event-trace-context";
import { dispatchBatch } from "./dispatch-batch";

// The webhook dispatcher of this process: it runs dispatchBatch() steps (one process at a time
// takes the position; the others find it busy and come back). A step runs:
// - after a change of this process commits (requestDispatch): the usual way, within milliseconds;
// - every EVENTS_DISPATCH_POLL_MS (1 s): changes of processes that run no dispatcher (the CLI),
//   and a wake-up that found the position busy;
// - again at once after a full batch, and shortly after events were held back by an older
//   transaction (5 ms, doubling to 250 ms, until it ends).
// Requests while a step runs are folded into one more step after it, and steps asked for by
// changes start at least STEP_SPACING_MS apart, so under load one step covers many changes (a
// step is five round trips: at 500 writes a second, ~5 writes a step rather than one) for a few
// milliseconds of delivery lag.

const BATCH_EVENTS = 500;
const BUSY_RETRY_MS = 20;
const HELD_BACK_FIRST_MS = 5;
const HELD_BACK_MAX_MS = 250;
const STEP_SPACING_MS = 10;

const pollMs = () => Number(process.env.EVENTS_DISPATCH_POLL_MS) || 1000;

class EventDispatcher {
  #requested = false;
  #running: Promise<void> | undefined;
  #retry: NodeJS.Timeout | undefined;
  #poll: NodeJS.Timeout;
  #heldBackMs = 0;
  #stopped = false;
  #lastStepAt = 0;

  constructor(private readonly db: Db) {
    this.#poll = setInterval(() => this.request(), pollMs()).unref();
    this.request();
  }

  request(): void {
    if (this.#stopped) return;
    this.#requested = true;
    // In a root context: a step serves every process's changes, not the request that woke it
    // (each delivery is sent in its own event's trace context: dispatch-batch.ts).
    this.#running ??= inTraceContextOf(null, () => this.#run()).finally(() => (this.#running = undefined));
  }

  async #run(): Promise<void> {
    let backlog = false;
    while (this.#requested && !this.#stopped) {
      const wait = this.#lastStepAt + STEP_SPACING_MS - performance.now();
      if (wait > 0 && !backlog) await new Promise((resolve) => setTimeout(resolve, wait));
      this.#requested = false;
      this.#lastStepAt = performance.now();
      backlog = false;
      try {
        const step = await dispatchBatch(this.db, BATCH_EVENTS);
        if (step.full) this.#requested = backlog = true;
        else if (step.busy) this.#retryIn(BUSY_RETRY_MS);
        else if (step.heldBack) {
          this.#heldBackMs = Math.min(HELD_BACK_MAX_MS, Math.max(HELD_BACK_FIRST_MS, this.#heldBackMs * 2));
          this.#retryIn(this.#heldBackMs);
        } else this.#heldBackMs = 0;
      } catch (error) {
        // The database is away or the step failed: nothing moved, the next poll tries again.
        logger.warn("webhook dispatch failed", { error: describeError(error) });
      }
    }
  }

  #retryIn(ms: number): void {
    if (this.#retry) return;
    this.#retry = setTimeout(() => {
      this.#retry = undefined;
      this.request();
    }, ms).unref();
  }

  /** No new step; waits for the one running (its transaction commits or rolls back whole). */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#poll);
    clearTimeout(this.#retry);
    await this.#running;
  }
}

// On globalThis: a Next server loads this module in several module graphs (see lib/jobs/boss.ts).
const globalForDispatcher = globalThis as unknown as { __lpmDispatcher?: EventDispatcher };

/** Starts this process's dispatcher once (lib/jobs/start-workers.ts, with the queues). */
export function startEventDispatcher(db: Db): void {
  globalForDispatcher.__lpmDispatcher ??= new EventDispatcher(db);
}

/** Stops it before pg-boss and the connection stop (lib/jobs/boss.ts). */
export async function stopEventDispatcher(): Promise<void> {
  const dispatcher = globalForDispatcher.__lpmDispatcher;
  globalForDispatcher.__lpmDispatcher = undefined;
  await dispatcher?.stop();
}

/** After a change that recorded an event has committed: fan it out now rather than at the next
 * poll. Nothing in a process that runs no dispatcher; another process's poll finds the event. */
export function requestDispatch(): void {
  globalForDispatcher.__lpmDispatcher?.request();
}
