import { describe, expect, it } from "vitest";
import { WorkerWakes } from "@/lib/jobs/worker-wakes";

// Which worker a committed send wakes (lib/jobs/worker-wakes.ts): one idle worker in turn, the
// next one when a fetch came back full, a busy one when none is idle.

function threeWorkers() {
  const woken: string[] = [];
  const wakes = new WorkerWakes((id) => woken.push(id));
  wakes.add("q", ["a", "b", "c"]);
  return { wakes, woken };
}

describe("WorkerWakes", () => {
  it("wakes one idle worker per notification, taking turns", () => {
    const { wakes, woken } = threeWorkers();
    for (let i = 0; i < 4; i++) wakes.wake("q");
    expect(woken).toEqual(["a", "b", "c", "a"]);
  });

  it("passes over busy workers, and when all are busy tells the next in turn to fetch again", () => {
    const { wakes, woken } = threeWorkers();
    wakes.batchStarted("q", "a", false);
    wakes.batchStarted("q", "b", false);
    wakes.wake("q");
    expect(woken).toEqual(["c"]);
    wakes.batchStarted("q", "c", false);
    wakes.wake("q");
    wakes.wake("q");
    expect(woken).toEqual(["c", "a", "b"]);
    wakes.batchEnded("q", "b");
    wakes.wake("q");
    expect(woken).toEqual(["c", "a", "b", "b"]);
  });

  it("wakes the next idle worker when a batch comes back full, and nobody when none is idle", () => {
    const { wakes, woken } = threeWorkers();
    wakes.batchStarted("q", "a", true);
    expect(woken).toEqual(["b"]);
    wakes.batchStarted("q", "b", true);
    wakes.batchStarted("q", "c", true);
    expect(woken).toEqual(["b", "c"]);
  });

  it("ignores a queue this process does not work", () => {
    const { wakes, woken } = threeWorkers();
    wakes.wake("other");
    wakes.batchStarted("other", "x", true);
    wakes.batchEnded("other", "x");
    expect(woken).toEqual([]);
    expect(wakes.queueNames()).toEqual(["q"]);
  });
});
