import { describe, expect, it } from "vitest";
import { statusAfterCompletedVisit } from "@/lib/leads/pipeline-moves";

// A completed visit offers Negotiating to a lead not yet past Visit scheduled; a lead already
// negotiating, won or lost is offered nothing (the pipeline never suggests a step back).
describe("statusAfterCompletedVisit", () => {
  it.each([
    ["new", "negotiating"],
    ["contacted", "negotiating"],
    ["qualified", "negotiating"],
    ["visit_scheduled", "negotiating"],
    ["negotiating", null],
    ["won", null],
    ["lost", null],
  ] as const)("%s → %s", (status, offered) => {
    expect(statusAfterCompletedVisit(status)).toBe(offered);
  });
});
