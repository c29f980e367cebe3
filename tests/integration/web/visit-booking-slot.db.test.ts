import { beforeAll, describe, expect, it } from "vitest";
import { createProperty } from "@/lib/properties/create-property";
import { userActor } from "@/lib/activities/user-actor";
import { daySlot, defaultSlot, gridSlot, readSlotParam, slotLabel, slotParam } from "@/components/visits/booking-slot";
import { newVisitValues } from "@/components/visits/visit-form-options";
import { bookVisitAction } from "@/app/(app)/visits/actions";
import { layoutVisitGrid } from "@/components/visits/calendar-layout";
import { getVisitOrThrow } from "@/lib/visits/get-visit-or-throw";
import { agencyWithStaff, form, leadOf, type Agency } from "./web-fixtures";

// A click on an empty hour of the Visits grid opens the booking form on that day and time:
// `/visits/new?at=2026-11-25T14:00`, a local date-time in the viewer's zone. What `at` is read
// as, which hours get a link, and that the booked visit lands back on the hour clicked.

const NY = "America/New_York";
// Tue 24 Nov 2026, 14:20 in New York.
const NOW = new Date("2026-11-24T19:20:00.000Z");

describe("reading a booking slot (?at=)", () => {
  it("takes a local date-time in the viewer's zone as the form's day and time", () => {
    expect(readSlotParam("2026-11-25T14:00", NY)).toEqual({ date: "2026-11-25", time: "14:00" });
    expect(readSlotParam("2026-11-25T14:30", "Europe/Paris")).toEqual({ date: "2026-11-25", time: "14:30" });
    // Kept when past: the form books what it shows, as when typed.
    expect(readSlotParam("2020-01-02T09:00", NY)).toEqual({ date: "2020-01-02", time: "09:00" });
  });

  it("refuses anything else, so the form falls back to its default", () => {
    for (const bad of [
      undefined,
      "",
      "tomorrow",
      "2026-11-25",
      "2026-11-25T14:00Z",
      "2026-11-25T14:00:00",
      "2026-11-25T14:00+01:00",
      "2026-11-25 14:00",
      "2026-2-5T14:00",
      "2026-02-30T10:00",
      "2026-11-25T25:00",
      "2026-11-25T14:60",
      "x".repeat(10_000),
    ]) {
      expect(readSlotParam(bad, NY), String(bad).slice(0, 30)).toBeUndefined();
    }
    expect(newVisitValues(NY, "user_1", null, readSlotParam("nonsense", NY))).toMatchObject(defaultSlot(NY));
    expect(defaultSlot(NY, NOW)).toEqual({ date: "2026-11-25", time: "10:00" });
  });

  it("moves a time the clocks skip forward, as luxon does: 02:30 on 14 Mar 2027 in New York is 03:30", () => {
    expect(readSlotParam("2027-03-14T02:30", NY)).toEqual({ date: "2027-03-14", time: "03:30" });
    // The hour repeated in the autumn exists: it is kept (luxon takes its first, EDT, instant).
    expect(readSlotParam("2026-11-01T01:30", NY)).toEqual({ date: "2026-11-01", time: "01:30" });
  });
});

describe("which half-hours of the grid book a visit", () => {
  it("links half-hours still to come, none already begun, none the clocks skip", () => {
    expect(gridSlot("2026-11-24", { hour: 15, minute: 0 }, NY, NOW)).toEqual({ date: "2026-11-24", time: "15:00" });
    expect(gridSlot("2026-11-24", { hour: 14, minute: 0 }, NY, NOW)).toBeUndefined();
    // 14:20 now: the half-hour to come is still bookable.
    expect(gridSlot("2026-11-24", { hour: 14, minute: 30 }, NY, NOW)).toEqual({ date: "2026-11-24", time: "14:30" });
    expect(gridSlot("2026-11-23", { hour: 18, minute: 0 }, NY, NOW)).toBeUndefined();
    expect(gridSlot("2026-11-25", { hour: 7, minute: 0 }, NY, NOW)).toEqual({ date: "2026-11-25", time: "07:00" });
    expect(gridSlot("2027-03-14", { hour: 2, minute: 0 }, NY, NOW)).toBeUndefined();
    expect(gridSlot("2027-03-14", { hour: 2, minute: 30 }, NY, NOW)).toBeUndefined();
    expect(gridSlot("2027-03-14", { hour: 3, minute: 0 }, NY, NOW)).toEqual({ date: "2027-03-14", time: "03:00" });
    expect(slotLabel({ date: "2026-11-25", time: "14:00" })).toBe("Wed 25 Nov at 14:00");
    expect(slotParam({ date: "2026-11-25", time: "14:00" })).toBe("2026-11-25T14:00");
  });

  it("gives each day of the phone's list 10:00, today's next hour, nothing for a past day", () => {
    expect(daySlot("2026-11-26", NY, NOW)).toEqual({ date: "2026-11-26", time: "10:00" });
    expect(daySlot("2026-11-24", NY, NOW)).toEqual({ date: "2026-11-24", time: "15:00" });
    expect(daySlot("2026-11-24", NY, new Date("2026-11-24T13:10:00.000Z"))).toEqual({
      date: "2026-11-24",
      time: "10:00",
    });
    expect(daySlot("2026-11-24", NY, new Date("2026-11-25T04:10:00.000Z"))).toBeUndefined();
    expect(daySlot("2026-11-23", NY, NOW)).toBeUndefined();
  });
});

describe(`booking from a grid slot on ${process.env.TEST_DB_ENGINE ?? "postgres"}`, () => {
  let a: Agency;
  beforeAll(async () => {
    a = await agencyWithStaff("Slot Realty");
  });

  it("books the half-hour clicked, in the viewer's zone, and the grid places it on that hour", async () => {
    const paris = { ...a.staff, timeZone: "Europe/Paris" };
    const lead = await leadOf(a);
    const property = await createProperty(
      { accountId: a.accountId, currency: "EUR" },
      { title: "Slot flat", type: "apartment", listingType: "rent" },
      userActor(a.staff),
    );
    const clicked = gridSlot("2030-11-27", { hour: 14, minute: 30 }, paris.timeZone, NOW)!;
    const values = newVisitValues(
      paris.timeZone,
      paris.userId,
      property.id,
      readSlotParam(slotParam(clicked), paris.timeZone),
    );
    expect(values).toMatchObject({ date: "2030-11-27", time: "14:30", agentId: paris.userId });

    const booked = await bookVisitAction.run(paris, form({ leadId: lead.id, ...values }));
    expect(booked).toMatchObject({ status: "success" });
    const visit = await getVisitOrThrow(a.accountId, booked.visitId!);
    // 14:30 in Paris in November (UTC+1) is 13:30 UTC; the API speaks UTC.
    expect(visit).toMatchObject({ scheduledAt: "2030-11-27T13:30:00.000Z", agentId: paris.userId });
    const [day] = layoutVisitGrid(["2030-11-27"], [visit], paris.timeZone).days;
    expect(day.visits.map((placed) => placed.top)).toEqual([14 * 60 + 30]);
  });
});
