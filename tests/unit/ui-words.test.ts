import { describe, expect, it } from "vitest";
import { formatInZone, zoneLabel } from "@/components/ui/format-date";
import { sourceLabel } from "@/components/ui/source-label";

// Words the web app shows for stored values: sources as labels, zones as people name them, one
// date style.

describe("what the web app writes", () => {
  it("shows a source as a label, not as the stored value", () => {
    expect(sourceLabel("portal:zillow")).toBe("Zillow");
    expect(sourceLabel("portal:realtor")).toBe("Realtor.com");
    expect(sourceLabel("google-ads")).toBe("Google Ads");
    expect(sourceLabel("open-house")).toBe("Open house");
    expect(sourceLabel("walk_in")).toBe("Walk in");
    expect(sourceLabel("website")).toBe("Website");
    expect(sourceLabel("Billboard on 5th")).toBe("Billboard on 5th");
    expect(sourceLabel(":")).toBe(":");
  });

  it("names a zone as people do", () => {
    const winter = new Date("2026-12-01T12:00:00Z");
    expect(zoneLabel("America/New_York", winter)).toBe("Eastern Time (New York)");
    expect(zoneLabel("Europe/Paris", winter)).toBe("Central European Time (Paris)");
    expect(zoneLabel("UTC", winter)).toBe("UTC");
  });

  it("writes every date day first, with or without the year and the weekday", () => {
    const at = new Date("2026-11-24T15:00:00Z");
    expect(formatInZone(at, "America/New_York", "dateTime")).toBe("Tue 24 Nov, 10:00 EST");
    expect(formatInZone(at, "America/New_York", "stamp")).toBe("24 Nov 2026, 10:00 EST");
    expect(formatInZone(at, "America/New_York", "date")).toBe("24 Nov 2026");
    expect(formatInZone(at, "America/New_York", "day")).toBe("Tuesday 24 November");
  });
});

describe("a custom field's key", () => {
  it("is made from its label as an owner would write it", async () => {
    const { keyFromLabel } = await import("@/lib/custom-fields/key-from-label");
    expect(keyFromLabel("Move-in date")).toBe("move_in_date");
    expect(keyFromLabel("  Préféré ? ")).toBe("prefere");
    expect(keyFromLabel("2nd phone")).toBe("field_2nd_phone");
    expect(keyFromLabel("???")).toBe("");
    expect(keyFromLabel("x".repeat(80))).toHaveLength(63);
  });
});

describe("numbers", () => {
  it("have separators on a record's page and in its timeline", async () => {
    const { shownCustomFields } = await import("@/lib/custom-fields/custom-field-ui");
    const definition = { key: "sqft_lot", label: "Lot", type: "number" as const, options: [], required: false };
    expect(shownCustomFields([definition], { sqft_lot: 900000.5 })[0].text).toBe("900,000.5");
    const { showChangeValue } = await import("@/components/leads/activity-changes");
    const context = { names: { members: new Map(), properties: new Map() }, zone: "UTC", currency: "USD" };
    expect(showChangeValue("customFields.sqft_lot", 900000, context)).toBe("900,000");
  });
});
