import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { datedFileName } from "@/app/(app)/_shared/csv-download";

// Exports are named for the day it is where the member downloading them is, not in UTC.

describe("an export's file name", () => {
  const lateEveningInNewYork = DateTime.fromISO("2026-12-07T01:30:00Z");

  it("carries the member's own date", () => {
    expect(datedFileName("leads", "America/New_York", lateEveningInNewYork)).toBe("leads-2026-12-06.csv");
    expect(datedFileName("leads", "Europe/Paris", lateEveningInNewYork)).toBe("leads-2026-12-07.csv");
    expect(datedFileName("audit-log", "Pacific/Kiritimati", DateTime.fromISO("2026-12-06T10:30:00Z"))).toBe(
      "audit-log-2026-12-07.csv",
    );
  });
});
