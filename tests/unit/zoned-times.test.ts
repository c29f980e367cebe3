import { describe, expect, it } from "vitest";
import { utcToZoned, zonedToUtc } from "@/components/visits/zoned-time";
import { formatInZone, localizeSummary } from "@/components/ui/format-date";
import { dayStart, endOfDay } from "@/lib/query/date-filter";
import { calendarRange } from "@/lib/visits/calendar-range";

// The zone math of the visit pages: luxon, DST included, never the server's own zone.
describe("times in the viewer's zone", () => {
  it("names the zone and shows the same instant per viewer", () => {
    const at = "2026-11-24T15:00:00.000Z";
    expect(formatInZone(at, "America/New_York")).toBe("Tue 24 Nov, 10:00 EST");
    expect(formatInZone(at, "Europe/Paris")).toBe("Tue 24 Nov, 16:00 GMT+1");
    expect(formatInZone("2026-07-01T14:00:00.000Z", "America/New_York", "time")).toBe("10:00");
  });

  it("rewrites the UTC times of a stored summary, and nothing else", () => {
    expect(localizeSummary("Visit of 2026-11-24 15:00 UTC moved to 2026-11-25 09:30 UTC", "America/New_York")).toBe(
      "Visit of Tue 24 Nov, 10:00 EST moved to Wed 25 Nov, 04:30 EST",
    );
    expect(localizeSummary("Status changed from new to contacted", "Europe/Paris")).toBe(
      "Status changed from new to contacted",
    );
  });

  it("reads a form's day and time in the zone, refusing a time the clocks skip", () => {
    expect(zonedToUtc("2026-11-24", "10:00", "America/New_York")).toEqual({ iso: "2026-11-24T15:00:00.000Z" });
    expect(zonedToUtc("2026-07-01", "10:00", "America/New_York")).toEqual({ iso: "2026-07-01T14:00:00.000Z" });
    expect(zonedToUtc("2026-03-08", "02:30", "America/New_York").errors?.time).toMatch(/clocks go forward/);
    expect(zonedToUtc("", "", "UTC").errors).toEqual({ date: "Choose a day.", time: "Choose a time." });
    expect(zonedToUtc("2026-02-30", "10:00", "UTC").errors?.date).toBeDefined();
    expect(utcToZoned("2026-11-24T15:00:00.000Z", "Europe/Paris")).toEqual({ date: "2026-11-24", time: "16:00" });
  });

  it("builds days and Monday-to-Sunday weeks in the zone, 23 hours on a spring-forward day", () => {
    const week = calendarRange("week", "2026-11-25", "Europe/Paris");
    expect(week.days).toEqual([
      "2026-11-23",
      "2026-11-24",
      "2026-11-25",
      "2026-11-26",
      "2026-11-27",
      "2026-11-28",
      "2026-11-29",
    ]);
    expect(week.from.toISOString()).toBe("2026-11-22T23:00:00.000Z");
    expect(week.to.toISOString()).toBe("2026-11-29T23:00:00.000Z");
    expect([week.previous, week.next]).toEqual(["2026-11-18", "2026-12-02"]);
    const spring = calendarRange("day", "2026-03-08", "America/New_York");
    expect(spring.to.getTime() - spring.from.getTime()).toBe(23 * 3_600_000);
    const now = new Date("2026-11-24T03:00:00.000Z");
    // 03:00 UTC is still the 23rd in New York.
    expect(calendarRange("day", "not-a-day", "America/New_York", now).day).toBe("2026-11-23");
    // The visits list's "From"/"To" days (lib/query/date-filter.ts): [start, next start) in the zone.
    const day = dayStart("2026-11-24", "America/New_York");
    expect(day?.toJSDate().toISOString()).toBe("2026-11-24T05:00:00.000Z");
    expect(day && endOfDay(day).toISOString()).toBe("2026-11-25T05:00:00.000Z");
    // 2026-11-01 has 25 hours in New York: the clocks go back.
    const longDay = dayStart("2026-11-01", "America/New_York");
    expect(longDay && endOfDay(longDay).getTime() - longDay.toMillis()).toBe(25 * 3_600_000);
    expect(dayStart("24/11/2026", "UTC")).toBeUndefined();
    expect(dayStart("2026-02-30", "UTC")).toBeUndefined();
  });
});
