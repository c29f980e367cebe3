import { logger } from "@/lib/log/logger";
import { describeError } from "@/lib/log/describe-error";

// Collects small writes made after API responses (request log rows, lastUsedAt touches) and
// runs them together: one statement per batch instead of one per request. A batch goes when it
// is `maxSize` long or `maxWaitMs` after its first item.
//
// Every item of a batch gets the same promise, settled when the batch is written: handing it to
// `after()` once per batch keeps a serverless function alive until then, and the requests that
// join an open batch (most of them, under load) skip `after()` and its per-call cost. It never
// rejects: a failed write is logged here, once per batch, and the rows are dropped (they are a
// usage log, not the request's own data).

export interface WriteBatcher<T> {
  add(item: T): Promise<void>;
}

export function createWriteBatcher<T>(
  name: string,
  write: (items: T[]) => Promise<void>,
  options: { maxWaitMs: number; maxSize: number },
): WriteBatcher<T> {
  let pending: T[] = [];
  let written: Promise<void> | undefined;
  let settle: (() => void) | undefined;
  let timer: NodeJS.Timeout | undefined;

  async function flush() {
    clearTimeout(timer);
    const batch = pending;
    const done = settle!;
    pending = [];
    timer = written = settle = undefined;
    try {
      await write(batch);
    } catch (error) {
      logger.warn("batched write failed", { batch: name, rows: batch.length, error: describeError(error) });
    } finally {
      done();
    }
  }

  return {
    add(item) {
      pending.push(item);
      written ??= new Promise<void>((resolve) => (settle = resolve));
      const batchWritten = written;
      if (pending.length >= options.maxSize) void flush();
      else timer ??= setTimeout(() => void flush(), options.maxWaitMs);
      return batchWritten;
    },
  };
}
