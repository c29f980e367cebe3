import { afterEach, describe, expect, it, vi } from "vitest";
import { lifecycleState } from "@/lib/runtime/lifecycle";
import { turnReadyOncePrepared } from "@/lib/startup/turn-ready";

// A web process whose database could not be opened at start turns ready once a retry opens it,
// instead of staying out of the load balancer for good (lib/startup/turn-ready.ts).

afterEach(() => {
  vi.useRealTimers();
});

describe("turning ready", () => {
  it("retries preparing every 10 s until it succeeds, then the process is ready", async () => {
    vi.useFakeTimers();
    const answers = [false, false, true];
    const prepare = vi.fn(async () => ({ ready: answers.shift() ?? true }));
    turnReadyOncePrepared(false, prepare);
    expect(lifecycleState()).toBe("starting");
    await vi.advanceTimersByTimeAsync(10_000);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(prepare).toHaveBeenCalledTimes(2);
    expect(lifecycleState()).toBe("starting");
    await vi.advanceTimersByTimeAsync(10_000);
    expect(prepare).toHaveBeenCalledTimes(3);
    expect(lifecycleState()).toBe("ready");
    await vi.advanceTimersByTimeAsync(60_000);
    expect(prepare).toHaveBeenCalledTimes(3);
  });
});
