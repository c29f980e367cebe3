/** A task's place in the list given to settleInWaves, and how it ended. */
export interface Settled<T> {
  index: number;
  result: PromiseSettledResult<T>;
}

/**
 * Hands tasks on as they settle, in waves: a wave opens when a task settles and closes `windowMs`
 * later, or at once when the last task settles, so tasks that end close together are handled in
 * one call (one statement) and a task that ends late does not hold back those that ended early.
 * Waves are handled one after another, in order; `last` is true for the wave with the last task.
 * Resolves once every wave is handled; `onWave` is expected not to throw (its throw rejects this
 * and drops the waves after it).
 */
export function settleInWaves<T>(
  tasks: readonly Promise<T>[],
  windowMs: number,
  onWave: (wave: Settled<T>[], last: boolean) => Promise<void>,
): Promise<void> {
  if (tasks.length === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    let open: Settled<T>[] = [];
    let unsettled = tasks.length;
    let closing: ReturnType<typeof setTimeout> | undefined;
    let handled = Promise.resolve();
    const close = () => {
      clearTimeout(closing);
      closing = undefined;
      const wave = open;
      const last = unsettled === 0;
      open = [];
      handled = handled.then(() => onWave(wave, last));
      if (last) handled.then(resolve, reject);
    };
    tasks.forEach((task, index) => {
      task
        .then(
          (value): PromiseSettledResult<T> => ({ status: "fulfilled", value }),
          (reason: unknown): PromiseSettledResult<T> => ({ status: "rejected", reason }),
        )
        .then((result) => {
          open.push({ index, result });
          unsettled--;
          if (unsettled === 0) close();
          else closing ??= setTimeout(close, windowMs);
        });
    });
  });
}
