// Counts the work a started pg-boss has in progress (its queries, the handlers it runs), so that a
// stop waits for it to end before the connection closes. pg-boss's own stop waits for its workers
// only up to its timeout: a handler still running then has its job failed into retry but goes on,
// and its queries (and pg-boss's own, still settling) must not meet a closed connection.

export class Activity {
  #running = 0;

  async run<T>(work: () => Promise<T>): Promise<T> {
    this.#running++;
    try {
      return await work();
    } finally {
      this.#running--;
    }
  }

  /** Resolves true once nothing runs, false if something still runs after `timeoutMs`. */
  async settled(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (this.#running > 0) {
      if (Date.now() >= deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return true;
  }
}
