import type { DbOrTx, Tx } from "@/db/client";

// Work that must wait until a transaction has committed: waking a worker for the jobs it sent
// (a worker woken earlier finds nothing and sleeps until its next poll). Services that record
// events run their transaction through inTransaction(); afterCommit() queues a callback on it.

const pending = new WeakMap<object, (() => void)[]>();

/** db.transaction, then the callbacks its body queued with afterCommit() once it has committed.
 * Given a transaction of inTransaction() (a batch's item), the body runs in a savepoint and its
 * callbacks wait for the outer transaction's commit: a released savepoint has committed nothing. */
export async function inTransaction<T>(db: DbOrTx, body: (tx: Tx) => Promise<T>): Promise<T> {
  const outer = pending.get(db);
  let callbacks: (() => void)[] = [];
  const result = await db.transaction(async (tx) => {
    callbacks = [];
    pending.set(tx, callbacks);
    return body(tx);
  });
  if (outer) outer.push(...callbacks);
  else for (const callback of callbacks) callback();
  return result;
}

/** Runs `callback` after `tx` commits; at once when `tx` is not a transaction of inTransaction()
 * (a lone statement has committed already). Never runs for a rolled-back transaction. */
export function afterCommit(tx: object, callback: () => void): void {
  const queue = pending.get(tx);
  if (queue) queue.push(callback);
  else queueMicrotask(callback);
}
