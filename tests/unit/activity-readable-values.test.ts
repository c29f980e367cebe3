import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { PublicActivity } from "@/lib/activities/public-activity";
import { ActivityChanges, showChangeValue } from "@/components/leads/activity-changes";
import { ActivityTimeline } from "@/components/leads/activity-timeline";
import { fieldsInSummary, timelineSummary } from "@/components/leads/activity-summary";

// The lead timeline reads out values for a person (issue 24): money in the account's currency,
// statuses by label, field names in words, and a note's text once.
const names = { members: new Map([["user_1", "Sam Staff"]]), properties: new Map([["prop_1", "Garden flat"]]) };
const usd = { names, zone: "UTC", currency: "USD" };

function entry(type: PublicActivity["type"], summary: string, data: Record<string, unknown>): PublicActivity {
  return {
    id: `act_${type}`,
    leadId: "lead_1",
    type,
    summary,
    data,
    actor: { type: "user", id: "user_1", name: "Sam Staff" },
    createdAt: "2026-11-22T09:30:00.000Z",
  } as PublicActivity;
}

describe("readable change values", () => {
  it("shows a budget in the account's currency, whole units", () => {
    expect(showChangeValue("budget", 450000, usd)).toBe("$450,000");
    expect(showChangeValue("budget", 900000, { ...usd, currency: "EUR" })).toBe("€900,000");
    expect(showChangeValue("budget", null, usd)).toBe("—");
  });

  it("shows statuses, interests, members and properties by their names", () => {
    expect(showChangeValue("status", "negotiating", usd)).toBe("Negotiating");
    expect(showChangeValue("interest", "buy", usd)).toBe("Buy");
    expect(showChangeValue("assignedTo", "user_1", usd)).toBe("Sam Staff");
    expect(showChangeValue("propertyId", "prop_1", usd)).toBe("Garden flat");
  });

  it("renders a budget change as old → new in the currency", () => {
    const html = renderToStaticMarkup(
      createElement(ActivityChanges, { data: { changes: { budget: [450000, 900000] } }, ...usd }),
    );
    expect(html).toContain("Budget:");
    expect(html).toContain("$450,000");
    expect(html).toContain("$900,000");
    expect(html).not.toContain("450000");
  });
});

describe("timeline headlines", () => {
  it("reads a status change as Negotiating → Won, and does not repeat it as a change line", () => {
    const changed = entry("lead_status_changed", "Status changed from negotiating to won", {
      changes: { status: ["negotiating", "won"], budget: [450000, 900000] },
    });
    expect(timelineSummary(changed, "UTC")).toBe("Negotiating → Won");
    const html = renderToStaticMarkup(
      createElement(ActivityChanges, { data: changed.data, ...usd, omit: fieldsInSummary(changed) }),
    );
    expect(html).not.toContain("Status:");
    expect(html).toContain("$900,000");
  });

  it("drops the list of updated keys (the change lines say it), and keeps a restore's or a visit's own summary", () => {
    const updated = entry("lead_updated", "Updated budget, assignedTo", {
      changes: { budget: [1, 2], assignedTo: [null, "user_1"] },
    });
    expect(timelineSummary(updated, "UTC")).toBeNull();
    const restored = entry("lead_updated", "Lead restored", { changes: { deleted: [true, false] } });
    expect(timelineSummary(restored, "UTC")).toBe("Lead restored");
    const visit = entry("visit_scheduled", "Visit scheduled for 2026-11-25 15:00 UTC", {});
    expect(timelineSummary(visit, "America/New_York")).toBe("Visit scheduled for Wed 25 Nov, 10:00 EST");
  });

  it("shows a note's text once, even when its summary is the same text", () => {
    const note = entry("note", "Called back, wants a viewing", { text: "Called back, wants a viewing" });
    expect(timelineSummary(note, "UTC")).toBeNull();
    const html = renderToStaticMarkup(
      createElement(ActivityTimeline, {
        activities: [note],
        zone: "UTC",
        names,
        currency: "USD",
        smsText: new Map(),
        olderHref: null,
        newestHref: null,
      }),
    );
    expect(html.split("Called back, wants a viewing")).toHaveLength(2);
  });
});
