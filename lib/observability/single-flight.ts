/** `read`, shared by every caller that arrives while one is in flight: several gauges filled by
 * one query at a scrape, or many health probes answered by one ping. */
export function singleFlight<T>(read: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | undefined;
  return () => (inFlight ??= read().finally(() => (inFlight = undefined)));
}
