import { describe, expect, it } from "vitest";
import { agentColour } from "@/components/visits/agent-colours";

// Issue 35: Everyone's calendar colours each visit by its agent, the same colour every time.
describe("an agent's calendar colour", () => {
  it("is the same for the same agent, grey for a visit with no agent", () => {
    expect(agentColour("user_01jf3v6q2m8k4x5y7z9a0b1c2e")).toEqual(agentColour("user_01jf3v6q2m8k4x5y7z9a0b1c2e"));
    expect(agentColour(null).swatch).toBe("bg-slate-400");
  });

  it("tells apart a team's time-ordered ids, which differ only in their last characters", () => {
    const team = Array.from({ length: 6 }, (_, i) => `user_01jf3v6q2m8k4x5y7z9a0b1c${i}`);
    expect(new Set(team.map((id) => agentColour(id).swatch)).size).toBeGreaterThanOrEqual(4);
  });
});
