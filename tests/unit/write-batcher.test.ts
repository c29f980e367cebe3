import { afterEach, describe, expect, it, vi } from "vitest";
import { keepAliveUntil } from "@/lib/api/after-response";
import { createWriteBatcher } from "@/lib/api/write-batcher";

describe("write batcher (request log rows, lastUsedAt touches)", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it("writes the items of one wait window as one batch, and gives them one promise", async () => {
    vi.useFakeTimers();
    const writes: number[][] = [];
    const batcher = createWriteBatcher<number>("test", async (items) => void writes.push(items), {
      maxWaitMs: 50,
      maxSize: 100,
    });
    const first = batcher.add(1);
    const second = batcher.add(2);
    expect(second).toBe(first);
    expect(writes).toEqual([]);
    await vi.advanceTimersByTimeAsync(50);
    await first;
    expect(writes).toEqual([[1, 2]]);
    // The next item opens a new batch.
    const third = batcher.add(3);
    expect(third).not.toBe(first);
    await vi.advanceTimersByTimeAsync(50);
    await third;
    expect(writes).toEqual([[1, 2], [3]]);
  });

  it("writes at once when the batch is full, without waiting for the timer", async () => {
    const writes: string[][] = [];
    const batcher = createWriteBatcher<string>("test", async (items) => void writes.push(items), {
      maxWaitMs: 60_000,
      maxSize: 3,
    });
    const done = Promise.all(["a", "b", "c"].map((x) => batcher.add(x)));
    await done;
    expect(writes).toEqual([["a", "b", "c"]]);
  });

  it("never rejects: a failed write is logged once per batch with its size, not its rows", async () => {
    const stderr = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const batcher = createWriteBatcher<{ secret: string }>(
      "request_logs",
      async () => {
        throw Object.assign(new Error("connection refused"), { code: "ECONNREFUSED" });
      },
      { maxWaitMs: 1, maxSize: 10 },
    );
    await expect(
      Promise.all([batcher.add({ secret: "s3cr3t-row" }), batcher.add({ secret: "s3cr3t-row" })]),
    ).resolves.toBeDefined();
    const lines = stderr.mock.calls.map(([chunk]) => String(chunk)).filter((l) => l.includes("batched write failed"));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])).toMatchObject({
      level: "warn",
      batch: "request_logs",
      rows: 2,
      error: "ECONNREFUSED: connection refused",
    });
    expect(lines[0]).not.toContain("s3cr3t-row");
  });

  it("keepAliveUntil accepts nothing, a promise, or the same promise twice outside a request", async () => {
    expect(() => keepAliveUntil(undefined)).not.toThrow();
    const work = Promise.resolve();
    expect(() => keepAliveUntil(work)).not.toThrow();
    expect(() => keepAliveUntil(work)).not.toThrow();
  });
});
