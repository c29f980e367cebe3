import { createRequire } from "node:module";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";

// postgres-js keeps its pool's connections in this Queue. Unpatched, a connection shifted off
// `busy` and pushed back (every query sent while all connections are busy) left a hole that
// `remove` scanned from the start, and the array never emptied under sustained load: a pool of 4
// fell from 34k to 12k queries a second within 12 s. scripts/patches/postgres+3.4.9.patch,
// applied by `npm install` (patch-package), keeps the work per operation bounded.

type Queue<T> = { length: number; remove(x: T): T | null; push(x: T): T; shift(): T | undefined };
// By file path: the package's `exports` does not expose its internals. The CommonJS build is the
// one Node loads; the ESM and Cloudflare copies carry the same patch.
const load = createRequire(__filename);
const Queue = load(path.resolve("node_modules/postgres/cjs/src/queue.js")) as <T>(initial?: T[]) => Queue<T>;

/** Elements `indexOf` looked at in the calls made by `run` (array length minus the start). */
function elementsScanned(run: () => void): number[] {
  const original = Array.prototype.indexOf;
  const scanned: number[] = [];
  const spy = vi.spyOn(Array.prototype, "indexOf").mockImplementation(function (
    this: unknown[],
    x: unknown,
    from?: number,
  ) {
    scanned.push(this.length - (from ?? 0));
    return original.call(this, x, from);
  });
  try {
    run();
  } finally {
    spy.mockRestore();
  }
  return scanned;
}

describe("postgres-js pool queue (patched)", () => {
  afterEach(() => vi.restoreAllMocks());

  it("keeps FIFO order, length and remove semantics", () => {
    const q = Queue(["a", "b", "c"]);
    expect(q.shift()).toBe("a");
    q.push("d");
    expect(q.remove("c")).toBe("c");
    expect(q.remove("a")).toBeNull(); // already shifted off
    expect(q.remove("zzz")).toBeNull();
    expect(q.length).toBe(2);
    expect([q.shift(), q.shift(), q.shift()]).toEqual(["b", "d", undefined]);
    expect(q.length).toBe(0);
  });

  it("does constant work per operation when a busy connection is shifted and pushed back forever", () => {
    const connections = Array.from({ length: 10 }, (_, i) => ({ id: i }));
    const busy = Queue(connections);
    // postgres-js's `go(busy.shift(), query)` then `move(c, busy)`: remove (a miss) and push.
    const scanned = elementsScanned(() => {
      for (let i = 0; i < 100_000; i++) {
        const c = busy.shift()!;
        busy.remove(c);
        busy.push(c);
      }
    });
    expect(busy.length).toBe(10);
    expect(Math.max(...scanned)).toBeLessThanOrEqual(200); // unpatched: up to 100,010
    // Still the same ten connections, each once, in rotation.
    const left = Array.from({ length: 10 }, () => busy.shift()!.id);
    expect(new Set(left).size).toBe(10);
  });

  it("finds a live connection after many rotations (a finished query moves it to `open`)", () => {
    const connections = Array.from({ length: 4 }, (_, i) => ({ id: i }));
    const busy = Queue(connections);
    for (let i = 0; i < 10_000; i++) busy.push(busy.shift()!);
    expect(busy.remove(connections[2])).toBe(connections[2]);
    expect(busy.length).toBe(3);
    expect(busy.remove(connections[2])).toBeNull();
  });
});
