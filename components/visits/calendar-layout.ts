import { DateTime } from "luxon";

// The time grid of the day and week views, as numbers: which day column each visit falls in,
// where it starts and ends there (minutes on that day's clock), and which side-by-side slot it
// takes when visits overlap. Pure, so the zone and DST rules are unit-tested.
//
// The rules, in the viewer's zone:
// - A block starts at its wall-clock time (the hour labels read true for the start) and is as
//   tall as the visit is long. On a clock-change day the printed end may then sit an hour off the
//   axis (01:30 EST + 60 min ends at 03:30 EDT on 2026-03-08, drawn to 02:30); the text says so.
//   In the repeated hour of a fall-back day, 01:30 EDT and 01:30 EST share a row and so sit
//   side by side.
// - A visit crossing midnight is cut at the end of its first day and continues from 00:00 in
//   the next day's column (if that day is shown).
// - The hours shown are the working range unless a visit starts earlier or ends later.

export interface GridVisit {
  id: string;
  /** ISO 8601 (UTC) start. */
  scheduledAt: string;
  durationMinutes: number;
}

export interface PlacedVisit<V extends GridVisit> {
  visit: V;
  /** Minutes after the day's midnight on its clock: [top, bottom). */
  top: number;
  bottom: number;
  /** Side-by-side slot among the visits it overlaps: slot of slots. */
  slot: number;
  slots: number;
  /** Started on an earlier day / goes on into the next one. */
  fromPreviousDay: boolean;
  intoNextDay: boolean;
}

export interface GridLayout<V extends GridVisit> {
  /** First hour shown and the hour the grid ends at (24 at most): rows are [startHour, endHour). */
  startHour: number;
  endHour: number;
  /** One entry per day asked for, in order. */
  days: { day: string; visits: PlacedVisit<V>[] }[];
}

const WORKING_HOURS = { start: 7, end: 21 } as const;

// A 5-minute visit still gets a block tall enough to read and to click; overlaps are judged on
// the drawn size, so a short block never hides under the next one.
const MIN_BLOCK_MINUTES = 20;
const DAY_MINUTES = 24 * 60;

export function layoutVisitGrid<V extends GridVisit>(
  days: string[],
  visits: V[],
  zone: string,
  hours: { start: number; end: number } = WORKING_HOURS,
): GridLayout<V> {
  const columns = days.map((day) => ({ day, visits: segmentsOn(day, visits, zone) }));
  let startHour = hours.start;
  let endHour = hours.end;
  for (const column of columns) {
    for (const placed of column.visits) {
      startHour = Math.min(startHour, Math.floor(placed.top / 60));
      endHour = Math.max(endHour, Math.ceil(placed.bottom / 60));
    }
    assignSlots(column.visits);
  }
  return { startHour, endHour: Math.min(endHour, 24), days: columns };
}

/** The parts of the visits that fall on one day (midnight to midnight in the zone). */
function segmentsOn<V extends GridVisit>(day: string, visits: V[], zone: string): PlacedVisit<V>[] {
  const dayStart = DateTime.fromISO(day, { zone }).startOf("day");
  const dayEnd = dayStart.plus({ days: 1 });
  const placed: PlacedVisit<V>[] = [];
  for (const visit of visits) {
    const start = DateTime.fromISO(visit.scheduledAt).setZone(zone);
    const end = start.plus({ minutes: visit.durationMinutes });
    if (end <= dayStart || start >= dayEnd) continue;
    const fromPreviousDay = start < dayStart;
    const intoNextDay = end > dayEnd;
    const top = fromPreviousDay ? 0 : start.hour * 60 + start.minute;
    // Real minutes spent on this day, placed from the block's top and cut at midnight.
    const minutes = (DateTime.min(end, dayEnd).toMillis() - DateTime.max(start, dayStart).toMillis()) / 60_000;
    const bottom = Math.min(DAY_MINUTES, top + Math.max(minutes, MIN_BLOCK_MINUTES));
    placed.push({ visit, top, bottom, slot: 0, slots: 1, fromPreviousDay, intoNextDay });
  }
  return placed.sort((a, b) => a.top - b.top || b.bottom - a.bottom || a.visit.id.localeCompare(b.visit.id));
}

// Visits that overlap, directly or through a chain, form a cluster; each takes the leftmost slot
// free at its start, and every block of the cluster is as wide as the cluster has slots.
function assignSlots<V extends GridVisit>(sorted: PlacedVisit<V>[]) {
  let cluster: PlacedVisit<V>[] = [];
  let slotEnds: number[] = [];
  let clusterEnd = -1;
  const close = () => {
    for (const placed of cluster) placed.slots = slotEnds.length;
    cluster = [];
    slotEnds = [];
  };
  for (const placed of sorted) {
    if (placed.top >= clusterEnd) close();
    let slot = slotEnds.findIndex((end) => end <= placed.top);
    if (slot === -1) slot = slotEnds.push(placed.bottom) - 1;
    else slotEnds[slot] = placed.bottom;
    placed.slot = slot;
    cluster.push(placed);
    clusterEnd = Math.max(clusterEnd, placed.bottom);
  }
  close();
}
