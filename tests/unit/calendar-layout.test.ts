import { describe, expect, it } from "vitest";
import { layoutVisitGrid } from "@/components/visits/calendar-layout";

const NY = "America/New_York";
const visit = (id: string, scheduledAt: string, durationMinutes = 30) => ({ id, scheduledAt, durationMinutes });

/** Each day's blocks as "id top-bottom slot/slots", to compare whole days at once. */
const summary = (layout: ReturnType<typeof layoutVisitGrid>) =>
  Object.fromEntries(
    layout.days.map(({ day, visits }) => [
      day,
      visits.map((p) => `${p.visit.id} ${p.top}-${p.bottom} ${p.slot}/${p.slots}`),
    ]),
  );

// The week and day views' time grid: columns, rows and side-by-side slots, in the viewer's zone.
describe("the visits time grid", () => {
  it("places a visit on its day at its wall-clock start, as tall as it is long", () => {
    // 15:00 UTC on 25 Nov 2030 is 10:00 in New York and 16:00 in Paris.
    const v = visit("a", "2030-11-25T15:00:00.000Z", 45);
    expect(summary(layoutVisitGrid(["2030-11-24", "2030-11-25"], [v], NY))).toEqual({
      "2030-11-24": [],
      "2030-11-25": ["a 600-645 0/1"],
    });
    const paris = layoutVisitGrid(["2030-11-25"], [v], "Europe/Paris");
    expect(paris.days[0].visits[0].top).toBe(16 * 60);
    expect([paris.startHour, paris.endHour]).toEqual([7, 21]);
  });

  it("widens the hours for a visit before 07:00 or after 21:00, never past midnight", () => {
    const early = visit("early", "2030-11-25T11:15:00.000Z"); // 06:15 EST
    const late = visit("late", "2030-11-26T02:30:00.000Z", 60); // 21:30 EST on the 25th
    const layout = layoutVisitGrid(["2030-11-25"], [early, late], NY);
    expect([layout.startHour, layout.endHour]).toEqual([6, 23]);
    const midnight = layoutVisitGrid(["2030-11-25"], [visit("m", "2030-11-26T04:30:00.000Z", 90)], NY);
    expect(midnight.endHour).toBe(24);
  });

  it("cuts a visit crossing midnight and continues it in the next day's column", () => {
    // 23:30 EST on Mon 25 Nov for 90 minutes: 30 on Monday, 60 on Tuesday.
    const layout = layoutVisitGrid(["2030-11-25", "2030-11-26"], [visit("n", "2030-11-26T04:30:00.000Z", 90)], NY);
    const [monday, tuesday] = layout.days.map((d) => d.visits[0]);
    expect(monday).toMatchObject({ top: 1410, bottom: 1440, fromPreviousDay: false, intoNextDay: true });
    expect(tuesday).toMatchObject({ top: 0, bottom: 60, fromPreviousDay: true, intoNextDay: false });
    expect([layout.startHour, layout.endHour]).toEqual([0, 24]);
    // The day view of Tuesday alone still shows the part after midnight.
    expect(summary(layoutVisitGrid(["2030-11-26"], [visit("n", "2030-11-26T04:30:00.000Z", 90)], NY))).toEqual({
      "2030-11-26": ["n 0-60 0/1"],
    });
  });

  it("sets overlapping visits side by side, and back to full width after them", () => {
    const layout = layoutVisitGrid(
      ["2030-11-25"],
      [
        visit("a", "2030-11-25T15:00:00.000Z", 60), // 10:00–11:00
        visit("b", "2030-11-25T15:30:00.000Z", 60), // 10:30–11:30
        visit("c", "2030-11-25T16:00:00.000Z", 30), // 11:00–11:30: a's slot is free again
        visit("d", "2030-11-25T17:00:00.000Z", 30), // 12:00, alone
      ],
      NY,
    );
    expect(summary(layout)["2030-11-25"]).toEqual(["a 600-660 0/2", "b 630-690 1/2", "c 660-690 0/2", "d 720-750 0/1"]);
  });

  it("gives a 5-minute visit a block tall enough to read, and judges overlaps on it", () => {
    const layout = layoutVisitGrid(
      ["2030-11-25"],
      [visit("short", "2030-11-25T15:00:00.000Z", 5), visit("next", "2030-11-25T15:10:00.000Z", 30)],
      NY,
    );
    expect(summary(layout)["2030-11-25"]).toEqual(["short 600-620 0/2", "next 610-640 1/2"]);
  });

  it("on the fall-back day (2026-11-01), the two 01:30s share a row side by side", () => {
    const edt = visit("edt", "2026-11-01T05:30:00.000Z", 60); // 01:30 EDT
    const est = visit("est", "2026-11-01T06:30:00.000Z", 30); // 01:30 EST, an hour later
    const after = visit("ten", "2026-11-01T15:00:00.000Z", 30); // 10:00 EST: 25 hours in the day, still row 10
    const layout = layoutVisitGrid(["2026-10-31", "2026-11-01", "2026-11-02"], [edt, est, after], NY);
    expect(summary(layout)).toEqual({
      "2026-10-31": [],
      "2026-11-01": ["edt 90-150 0/2", "est 90-120 1/2", "ten 600-630 0/1"],
      "2026-11-02": [],
    });
  });

  it("on the spring-forward day (2026-03-08), starts read true and lengths are real", () => {
    const before = visit("before", "2026-03-08T06:30:00.000Z", 60); // 01:30 EST, ends 03:30 EDT
    const after = visit("after", "2026-03-08T07:00:00.000Z", 30); // 03:00 EDT, one real minute after 01:59 EST
    const ten = visit("ten", "2026-03-08T14:00:00.000Z", 30); // 10:00 EDT: 23 hours in the day, still row 10
    const layout = layoutVisitGrid(["2026-03-08"], [before, after, ten], NY);
    expect(summary(layout)["2026-03-08"]).toEqual(["before 90-150 0/1", "after 180-210 0/1", "ten 600-630 0/1"]);
    expect([layout.startHour, layout.endHour]).toEqual([1, 21]);
  });

  it("a visit crossing midnight into a clock-change day is cut at that day's own midnight", () => {
    // 23:00 EDT on 31 Oct 2026 for 4 hours: 1 hour on Saturday, then 00:00 to 02:00 EST
    // (3 real hours, drawn from 00:00 as 180 minutes).
    const layout = layoutVisitGrid(["2026-10-31", "2026-11-01"], [visit("x", "2026-11-01T03:00:00.000Z", 240)], NY);
    expect(summary(layout)).toEqual({ "2026-10-31": ["x 1380-1440 0/1"], "2026-11-01": ["x 0-180 0/1"] });
  });
});
