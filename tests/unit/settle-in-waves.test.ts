import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { settleInWaves, type Settled } from "@/lib/jobs/settle-in-waves";

// How a delivery batch's attempts are logged and completed as they end (lib/jobs/settle-in-waves.ts,
// used by lib/webhooks/attempt-delivery.ts): tasks ending close together in one wave, a late one
// in its own, the wave with the last task marked.

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A task settled by the test: resolved with its name, or rejected with it. */
function task(name: string) {
  let settle!: (ok: boolean) => void;
  const promise = new Promise<string>((resolve, reject) => {
    settle = (ok) => (ok ? resolve(name) : reject(new Error(name)));
  });
  return { promise, settle };
}

const named = (wave: Settled<string>[]) =>
  wave.map(({ index, result }) => `${index}:${result.status === "fulfilled" ? result.value : "rejected"}`);

function recordWaves() {
  const waves: { tasks: string[]; last: boolean }[] = [];
  const onWave = async (wave: Settled<string>[], last: boolean) => {
    waves.push({ tasks: named(wave), last });
  };
  return { waves, onWave };
}

describe("settleInWaves", () => {
  it("hands on the tasks that end within the window together, and a late one in its own last wave", async () => {
    const [a, b, c] = [task("a"), task("b"), task("c")];
    const { waves, onWave } = recordWaves();
    const done = settleInWaves([a.promise, b.promise, c.promise], 200, onWave);
    b.settle(true);
    await vi.advanceTimersByTimeAsync(50);
    a.settle(false);
    await vi.advanceTimersByTimeAsync(100);
    expect(waves).toEqual([]); // the window opened by b is still open
    await vi.advanceTimersByTimeAsync(60);
    expect(waves).toEqual([{ tasks: ["1:b", "0:rejected"], last: false }]);
    await vi.advanceTimersByTimeAsync(10_000);
    c.settle(true);
    await done;
    expect(waves).toEqual([
      { tasks: ["1:b", "0:rejected"], last: false },
      { tasks: ["2:c"], last: true },
    ]);
  });

  it("closes the wave at once when its task is the last, without waiting out the window", async () => {
    const [a, b] = [task("a"), task("b")];
    const { waves, onWave } = recordWaves();
    const done = settleInWaves([a.promise, b.promise], 200, onWave);
    a.settle(true);
    b.settle(true);
    await vi.advanceTimersByTimeAsync(0);
    await done;
    expect(waves).toEqual([{ tasks: ["0:a", "1:b"], last: true }]);
  });

  it("handles one wave after another, never two at once", async () => {
    const [a, b] = [task("a"), task("b")];
    const order: string[] = [];
    let release!: () => void;
    const firstHeld = new Promise<void>((resolve) => (release = resolve));
    const done = settleInWaves([a.promise, b.promise], 10, async (wave, last) => {
      order.push(`start ${named(wave).join(",")}`);
      if (!last) await firstHeld;
      order.push(`end ${named(wave).join(",")}`);
    });
    a.settle(true);
    await vi.advanceTimersByTimeAsync(20);
    b.settle(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(order).toEqual(["start 0:a"]);
    release();
    await done;
    expect(order).toEqual(["start 0:a", "end 0:a", "start 1:b", "end 1:b"]);
  });

  it("resolves at once with no tasks", async () => {
    const { waves, onWave } = recordWaves();
    await settleInWaves([], 200, onWave);
    expect(waves).toEqual([]);
  });
});
