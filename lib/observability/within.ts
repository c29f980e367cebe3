// Health and metrics must answer quickly even when the database does not: each of their reads
// races a short timer. The read itself is not cancelled (the drivers cannot), only no longer
// awaited; its late failure is swallowed here, so it never surfaces as an unhandled rejection.

export class TimedOut extends Error {
  constructor(ms: number) {
    super(`no answer within ${ms} ms`);
    this.name = "TimedOut";
  }
}

/** How long a health check or a scrape waits for one database read. */
const DATABASE_READ_TIMEOUT_MS = 1_000;

export function within<T>(promise: Promise<T>, ms: number = DATABASE_READ_TIMEOUT_MS): Promise<T> {
  promise.catch(() => {});
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimedOut(ms)), ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
