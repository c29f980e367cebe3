import { deniedReset, windowEnd, type RateLimitConfig, type RateLimitStore } from "./rate-limit-store";

// The embedded default (no Redis configured, one process): the same sliding window as
// @upstash/ratelimit's Lua script (a counter per fixed window, the previous window weighed by
// the share of it still inside the last `windowMs`), over a Map. Ratelimit's `ephemeralCache`
// only remembers identifiers already blocked, so it cannot stand in for this.

interface Counts {
  window: number;
  current: number;
  previous: number;
}

export function createMemoryStore(
  config: Pick<RateLimitConfig, "limit" | "windowMs">,
  now: () => number = Date.now,
): RateLimitStore {
  const { limit, windowMs } = config;
  const counts = new Map<string, Counts>();
  let sweptWindow = 0;

  // Once per window, forget identifiers idle for two windows: memory stays bounded by the
  // identifiers seen in the last two minutes.
  function sweep(window: number) {
    if (window === sweptWindow) return;
    sweptWindow = window;
    for (const [identifier, entry] of counts) {
      if (entry.window < window - 1) counts.delete(identifier);
    }
  }

  return {
    kind: "memory",
    async limit(identifier) {
      const t = now();
      const window = Math.floor(t / windowMs);
      sweep(window);
      const seen = counts.get(identifier);
      const entry: Counts =
        seen?.window === window
          ? seen
          : { window, current: 0, previous: seen?.window === window - 1 ? seen.current : 0 };
      counts.set(identifier, entry);
      const weighedPrevious = Math.floor((1 - (t % windowMs) / windowMs) * entry.previous);
      const end = windowEnd(t, windowMs);
      if (weighedPrevious + entry.current >= limit) {
        return { success: false, limit, remaining: 0, reset: deniedReset(end) };
      }
      entry.current += 1;
      return { success: true, limit, remaining: Math.max(0, limit - (entry.current + weighedPrevious)), reset: end };
    },
    async close() {
      counts.clear();
    },
  };
}
