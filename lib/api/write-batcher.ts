// Collects small writes made after API responses (request log rows, lastUsedAt touches) and
// runs them together: one statement per batch instead of one per request. A batch goes when it
// is `maxSize` long or `maxWaitMs` after its first item; each caller's promise settles when its
// batch is written, so `after()` keeps a serverless function alive until then.

export interface WriteBatcher<T> {
  add(item: T): Promise<void>;
}

export function createWriteBatcher<T>(write: (items: T[]) => Promise<void>, options: { maxWaitMs: number; maxSize: number }): WriteBatcher<T> {
  let pending: Array<{ item: T; done: (error?: unknown) => void }> = [];
  let timer: NodeJS.Timeout | undefined;

  async function flush() {
    clearTimeout(timer);
    timer = undefined;
    const batch = pending;
    pending = [];
    if (batch.length === 0) return;
    try {
      await write(batch.map((p) => p.item));
      for (const p of batch) p.done();
    } catch (error) {
      for (const p of batch) p.done(error);
    }
  }

  return {
    add(item) {
      return new Promise((resolve, reject) => {
        pending.push({ item, done: (error) => (error === undefined ? resolve() : reject(error)) });
        if (pending.length >= options.maxSize) void flush();
        else timer ??= setTimeout(() => void flush(), options.maxWaitMs);
      });
    },
  };
}
