// Numbers and chart days of the usage section. Times are formatted by formatInZone
// (components/ui/format-date.ts), in the viewer's zone.
// Day before month, as every date in the app (components/ui/format-date.ts).
const shortDay = new Intl.DateTimeFormat("en-GB", { month: "short", day: "numeric", timeZone: "UTC" });
const percent = new Intl.NumberFormat("en-US", { style: "percent", maximumFractionDigits: 1 });
const count = new Intl.NumberFormat("en-US");

/** A chart day (`YYYY-MM-DD`, already the viewer's) as "15 Mar". */
export const formatDay = (day: string) => shortDay.format(new Date(`${day}T00:00:00.000Z`));

/** A share of 0–1; a small non-zero share is never rounded down to a reassuring "0%". */
export const formatShare = (share: number) => (share > 0 && share < 0.001 ? "<0.1%" : percent.format(share));

export const formatCount = (n: number) => count.format(n);

export const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;
