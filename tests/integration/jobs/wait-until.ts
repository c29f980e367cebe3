/** Polls `check` every 50 ms until it answers something truthy; fails after `timeoutMs`. */
export async function waitUntil<T>(
  what: string,
  check: () => Promise<T> | T,
  timeoutMs = 15_000,
): Promise<Exclude<T, false | 0 | "" | null | undefined>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as Exclude<T, false | 0 | "" | null | undefined>;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
