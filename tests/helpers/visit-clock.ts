import { vi } from "vitest";

/** Moves the clock (Date only) to `minutes` after a visit's start, as if its day had come: how a
 * visit went is recorded only once it has begun, and a new visit cannot be booked in the past, so
 * a test books ahead and then lets time pass. Undo with `vi.useRealTimers()` (in afterEach). */
export function letVisitBegin(scheduledAt: string, minutes = 30): void {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(Date.parse(scheduledAt) + minutes * 60_000));
}

/** `minutes` ago as the API writes it: a visit that has just begun, booked within the 5 minutes a
 * new visit may lie in the past (lib/visits/create-visit.ts). */
export const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
