import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ActivityChanges } from "@/components/leads/activity-changes";

// A change of customFields shows one line per field that changed, not the two objects' JSON.
describe("ActivityChanges for custom fields", () => {
  it("shows each changed key, old → new, and leaves unchanged keys out", () => {
    const html = renderToStaticMarkup(
      createElement(ActivityChanges, {
        data: {
          changes: {
            status: ["new", "contacted"],
            customFields: [
              { stage: "cold", budget: 5, same: "x" },
              { stage: "hot", same: "x", wants: ["pool", "garden"] },
            ],
          },
        },
        names: { members: new Map(), properties: new Map() },
        zone: "UTC",
        currency: "USD",
      }),
    );
    expect(html).toContain("stage:");
    expect(html).toContain("cold");
    expect(html).toContain("hot");
    expect(html).toContain("budget:");
    expect(html).toContain("wants:");
    expect(html).toContain("pool, garden");
    expect(html).not.toContain("same:");
    expect(html).not.toContain("{");
  });
});
