import { describe, expect, it } from "vitest";
import { leadTimeZones } from "@/lib/sms/quiet-hours/lead-time-zones";
import { phoneTimeZones } from "@/lib/sms/quiet-hours/phone-time-zones";
import { nextWindowOpening } from "@/lib/sms/quiet-hours/quiet-hours-window";

describe("leadTimeZones", () => {
  it("takes the lead's own zone first", async () => {
    expect(await leadTimeZones({ timezone: "America/New_York", phone: "+14155550123" }, "America/Chicago")).toEqual({
      zones: ["America/New_York"],
      from: "lead",
    });
  });
  // Issue 31, finding 6b: a (415) lead of a New York agency was treated as Eastern.
  it("derives a +1 number's zone from its area code, not the account's", async () => {
    expect(await leadTimeZones({ timezone: null, phone: "+14155550123" }, "America/New_York")).toEqual({
      zones: ["America/Los_Angeles"],
      from: "phone",
    });
    expect(await phoneTimeZones("+12125550123")).toEqual(["America/New_York"]);
    expect(await phoneTimeZones("+13125550123")).toEqual(["America/Chicago"]);
    expect(await phoneTimeZones("+16135550123")).toEqual(["America/Toronto"]); // Ottawa, Canada
  });
  it("gives every zone of an area code that spans several", async () => {
    // (605) South Dakota: Mountain in the west, Central in the east.
    expect((await phoneTimeZones("+16055550123")).sort()).toEqual(["America/Denver", "America/North_Dakota/Center"]);
  });
  it("derives the zone of other countries' numbers", async () => {
    expect(await phoneTimeZones("+442071838750")).toEqual(["Europe/London"]);
    expect(await phoneTimeZones("+33142685300")).toEqual(["Europe/Paris"]);
    expect(await phoneTimeZones("+61291234567")).toEqual(["Australia/Sydney"]); // (02) is New South Wales
  });
  it("falls back to the account's zone without a phone, or with one that cannot be read", async () => {
    expect(await leadTimeZones({ timezone: null, phone: null }, "America/Denver")).toEqual({
      zones: ["America/Denver"],
      from: "account",
    });
    expect(await leadTimeZones({ timezone: null, phone: "not a number" }, "America/Denver")).toEqual({
      zones: ["America/Denver"],
      from: "account",
    });
  });
});

describe("nextWindowOpening", () => {
  const ny = ["America/New_York"];
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
    expect(nextWindowOpening(at, ["Europe/London"])?.toISOString()).toBe("2026-06-11T07:00:00.000Z");
    expect(nextWindowOpening(at, ["America/Los_Angeles"])).toBeNull();
  });

  describe("an area code that spans zones: open only while it is 08:00–21:00 in each", () => {
    const sd = ["America/Denver", "America/North_Dakota/Center"]; // (605), in November: MST and CST
    it("opens at the latest zone's 08:00", () => {
      // 07:30 MST, 08:30 CST: Central is open, Mountain not yet; 08:00 MST is 15:00 UTC.
      expect(nextWindowOpening(new Date("2026-11-24T14:30:00Z"), sd)?.toISOString()).toBe("2026-11-24T15:00:00.000Z");
      expect(nextWindowOpening(new Date("2026-11-24T15:00:00Z"), sd)).toBeNull();
    });
    it("closes at the earliest zone's 21:00", () => {
      // 20:30 MST is 21:30 CST: Mountain is open but Central closed, so it waits for 08:00 MST.
      expect(nextWindowOpening(new Date("2026-11-25T03:30:00Z"), sd)?.toISOString()).toBe("2026-11-25T15:00:00.000Z");
      expect(nextWindowOpening(new Date("2026-11-25T02:59:00Z"), sd)).toBeNull(); // 19:59 MST, 20:59 CST
    });
    it("falls back to the latest opening when the zones share no daytime", () => {
      // Eight hours apart each way round the clock: no hour is 08:00–21:00 in all three.
      const apart = ["Europe/London", "Asia/Shanghai", "America/Los_Angeles"];
      const at = new Date("2026-11-24T12:00:00Z"); // 12:00 in London, 20:00 in Shanghai, 04:00 in Los Angeles
      expect(nextWindowOpening(at, apart)?.toISOString()).toBe("2026-11-25T00:00:00.000Z"); // 08:00 in Shanghai
    });
  });
});
