import { describe, expect, it } from "vitest";
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
});
