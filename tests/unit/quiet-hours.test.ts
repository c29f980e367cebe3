import { describe, expect, it } from "vitest";
import { leadTimeZone, phoneTimeZone } from "@/lib/sms/quiet-hours/lead-time-zone";
import { nextWindowOpening } from "@/lib/sms/quiet-hours/quiet-hours-window";

describe("leadTimeZone", () => {
  it("takes the lead's own zone first", () => {
    expect(leadTimeZone({ timezone: "America/Los_Angeles", phone: "+442071838750" }, "America/New_York")).toBe(
      "America/Los_Angeles",
    );
  });
  it("derives the zone from a phone number whose country has one zone", () => {
    expect(phoneTimeZone("+442071838750")).toBe("Europe/London");
    expect(leadTimeZone({ timezone: null, phone: "+33142685300" }, "America/New_York")).toBe("Europe/Paris");
  });
  it("treats US/Canadian numbers and multi-zone countries as ambiguous: the account's zone", () => {
    expect(phoneTimeZone("+14155550123")).toBeNull();
    expect(phoneTimeZone("+61291234567")).toBeNull(); // Australia: several zones
    expect(leadTimeZone({ timezone: null, phone: "+14155550123" }, "America/Chicago")).toBe("America/Chicago");
    expect(leadTimeZone({ timezone: null, phone: null }, "America/Denver")).toBe("America/Denver");
  });
});

describe("nextWindowOpening", () => {
  const ny = "America/New_York";
  it("is null inside 08:00–21:00 local", () => {
    expect(nextWindowOpening(new Date("2026-06-10T12:00:00Z"), ny)).toBeNull(); // 08:00 EDT
    expect(nextWindowOpening(new Date("2026-06-11T00:59:00Z"), ny)).toBeNull(); // 20:59 EDT
  });
  it("moves 22:30 to 08:00 the next day", () => {
    expect(nextWindowOpening(new Date("2026-06-11T02:30:00Z"), ny)?.toISOString()).toBe("2026-06-11T12:00:00.000Z");
  });
  it("moves 06:00 to 08:00 the same day", () => {
    expect(nextWindowOpening(new Date("2026-06-11T10:00:00Z"), ny)?.toISOString()).toBe("2026-06-11T12:00:00.000Z");
  });
  it("gets 08:00 right on DST change days", () => {
    // 2026-11-01: clocks go back at 02:00 EDT → 01:00 EST; 08:00 EST is 13:00 UTC.
    expect(nextWindowOpening(new Date("2026-11-01T02:30:00Z"), ny)?.toISOString()).toBe("2026-11-01T13:00:00.000Z");
    // 2026-03-08: clocks go forward at 02:00 EST → 03:00 EDT; 08:00 EDT is 12:00 UTC.
    expect(nextWindowOpening(new Date("2026-03-08T03:30:00Z"), ny)?.toISOString()).toBe("2026-03-08T12:00:00.000Z");
  });
  it("reads the window in the given zone, not the server's", () => {
    // 22:30 in London (BST) is 14:30 in Los Angeles: quiet in one, open in the other.
    const at = new Date("2026-06-10T21:30:00Z");
    expect(nextWindowOpening(at, "Europe/London")?.toISOString()).toBe("2026-06-11T07:00:00.000Z");
    expect(nextWindowOpening(at, "America/Los_Angeles")).toBeNull();
  });
});
