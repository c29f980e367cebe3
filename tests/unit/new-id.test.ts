import { describe, expect, it, vi } from "vitest";
import { newId } from "@/lib/ids/new-id";

describe("newId", () => {
  it("prefixes by kind and sorts by creation time", async () => {
    expect(newId("lead")).toMatch(/^lead_[0-9a-z]{26}$/);
    expect(newId("property")).toMatch(/^prop_/);
    expect(newId("apiKey")).toMatch(/^key_/);
    const ids: string[] = [];
    for (let i = 0; i < 1000; i++) ids.push(newId("activity"));
    await new Promise((r) => setTimeout(r, 3));
    ids.push(newId("activity"));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("draws the random part uniformly from all 32 characters (pooled CSPRNG)", () => {
    // One id per millisecond, so every id gets fresh randomness rather than an increment.
    vi.useFakeTimers();
    try {
      const counts = new Map<string, number>();
      for (let i = 0; i < 6400; i++) {
        vi.setSystemTime(1_800_000_000_000 + i);
        const randomPart = newId("request").slice("req_".length + 10);
        for (const c of randomPart.slice(0, 4)) counts.set(c, (counts.get(c) ?? 0) + 1);
      }
      expect(counts.size).toBe(32);
      // 25,600 draws: 800 expected per character; a biased draw would be far off.
      for (const n of counts.values()) expect(n).toBeGreaterThan(650);
      for (const n of counts.values()) expect(n).toBeLessThan(950);
    } finally {
      vi.useRealTimers();
    }
  });
});
