// PostgreSQL's deadlock_detected: the detector rolled this transaction back whole so the other
// one could go on, so running it again is safe, and the second run waits for the other to end.

const DEADLOCK_DETECTED = "40P01";

function isDeadlock(error: unknown): boolean {
  let e = error as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) if (e.code === DEADLOCK_DETECTED) return true;
  return false;
}

/** Runs a whole transaction, and once more if PostgreSQL chose it as a deadlock's victim. */
export async function retryOnDeadlock<T>(transaction: () => Promise<T>): Promise<T> {
  try {
    return await transaction();
  } catch (error) {
    if (!isDeadlock(error)) throw error;
    return transaction();
  }
}
