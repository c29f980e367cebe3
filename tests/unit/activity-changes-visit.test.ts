import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ActivityChanges } from "@/components/leads/activity-changes";

// A rescheduled visit on the timeline: its times in the viewer's zone, its agent by name.
describe("ActivityChanges for a rescheduled visit", () => {
  it("shows the old and new time in the viewer's zone, the length in minutes and the agent's name", () => {
    const render = (zone: string) =>
      renderToStaticMarkup(
        createElement(ActivityChanges, {
          data: {
            visitId: "visit_1",
            changes: {
              visitScheduledAt: ["2030-11-25T15:00:00.000Z", "2030-11-26T15:00:00.000Z"],
              visitDurationMinutes: [30, 45],
              visitAgentId: [null, "user_1"],
            },
          },
          names: { members: new Map([["user_1", "Sam Staff"]]), properties: new Map() },
          zone,
          currency: "USD",
        }),
      );
    const newYork = render("America/New_York");
    expect(newYork).toContain("Visit time");
    expect(newYork).toContain("Mon 25 Nov, 10:00 EST");
    expect(newYork).toContain("Tue 26 Nov, 10:00 EST");
    expect(newYork).toContain("45 min");
    expect(newYork).toContain("Sam Staff");
    expect(render("Europe/Paris")).toContain("Mon 25 Nov, 16:00 GMT+1");
  });
});
