import { describe, expect, it } from "vitest";
import { pagerLinks, readPagePosition } from "@/components/ui/cursor-pager";
import { dayStart, endOfDay } from "@/lib/query/date-filter";

const meta = (cursor: string | null, hasMore: boolean) => ({ cursor, hasMore });
const query = (href: string | null) => Object.fromEntries(new URL(href ?? "", "http://x").searchParams);

describe("cursor paging in the URL", () => {
  it("walks forward pushing cursors and back popping them, keeping the filters", () => {
    const filters = { q: "ada", status: "new" };
    const page1 = pagerLinks("/leads", filters, readPagePosition({}), meta("c1", true));
    expect(page1).toMatchObject({ previous: null, pageNumber: 1 });
    expect(query(page1.next)).toEqual({ q: "ada", status: "new", cursor: "c1" });

    const page2 = pagerLinks("/leads", filters, readPagePosition(query(page1.next)), meta("c2", true));
    expect(page2.pageNumber).toBe(2);
    expect(query(page2.previous)).toEqual({ q: "ada", status: "new" });
    expect(query(page2.next)).toEqual({ q: "ada", status: "new", cursor: "c2", prev: "c1" });

    const page3 = pagerLinks("/leads", filters, readPagePosition(query(page2.next)), meta("c3", false));
    expect(page3).toMatchObject({ next: null, pageNumber: 3 });
    expect(query(page3.previous)).toEqual({ q: "ada", status: "new", cursor: "c1" });
  });

  it("ignores a malformed cursor or stack instead of passing it on", () => {
    expect(readPagePosition({ cursor: "not a cursor!", prev: "a,b" })).toEqual({ cursor: undefined, prev: [] });
    expect(readPagePosition({ cursor: "abc", prev: "a,,b c,d" })).toEqual({ cursor: "abc", prev: ["a", "d"] });
    expect(
      readPagePosition({ cursor: "abc", prev: Array.from({ length: 80 }, (_, i) => `c${i}`).join(",") }).prev,
    ).toHaveLength(20);
  });

  it("reads date filters as whole days in the viewer's zone", () => {
    expect(dayStart("2026-02-30", "UTC")).toBeUndefined();
    expect(dayStart("26-02-01", "UTC")).toBeUndefined();
    const day = dayStart("2026-03-01", "UTC");
    expect(day?.toJSDate().toISOString()).toBe("2026-03-01T00:00:00.000Z");
    expect(day && endOfDay(day).toISOString()).toBe("2026-03-02T00:00:00.000Z");
    // Paris: midnight is 23:00 UTC the day before; the day the clocks go forward has 23 hours.
    const springForward = dayStart("2026-03-29", "Europe/Paris");
    expect(springForward?.toJSDate().toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect(springForward && endOfDay(springForward).toISOString()).toBe("2026-03-29T22:00:00.000Z");
  });
});
