import type { Db, Tx } from "@/db/client";

// Work that must wait until a transaction has committed: waking a worker for the jobs it sent
// (a worker woken earlier finds nothing and sleeps until its next poll). Services that record
// events run their transaction through inTransaction(); afterCommit() queues a callback on it.

const pending = new WeakMap<object, (() => void)[]>();

/** db.transaction, then the callbacks its body queued with afterCommit() once it has committed. */
export async function inTransaction<T>(db: Db, body: (tx: Tx) => Promise<T>): Promise<T> {
  let callbacks: (() => void)[] = [];
  const result = await db.transaction(async (tx) => {
    callbacks = [];
    pending.set(tx, callbacks);
    return body(tx);
  });
  for (const callback of callbacks) callback();
  return result;
}

/** Runs `callback` after `tx` commits; at once when `tx` is not a transaction of inTransaction()
 * (a lone statement has committed already). Never runs for a rolled-back transaction. */
export function afterCommit(tx: object, callback: () => void): void {
  const queue = pending.get(tx);
  if (queue) queue.push(callback);
  else queueMicrotask(callback);
}
