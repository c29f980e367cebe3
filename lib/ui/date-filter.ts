// Date filters read as `YYYY-MM-DD` days in UTC (the audit log). The visits page reads its days
// in the viewer's zone instead (lib/visits/calendar-range.ts).
const DAY_MS = 86_400_000;

export function parseDay(value: string | undefined): Date | undefined {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const day = new Date(`${value}T00:00:00.000Z`);
  return Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value ? undefined : day;
}

/** The start of the day after: "to" a day includes that whole day. */
export const endOfDay = (day: Date) => new Date(day.getTime() + DAY_MS);
