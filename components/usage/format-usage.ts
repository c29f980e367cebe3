// Formats of the usage section, rendered on the server: UTC and said so, like the rest of the app.
const logTime = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
  timeZone: "UTC",
});
const fullTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" });
const shortDay = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const percent = new Intl.NumberFormat("en-US", { style: "percent", maximumFractionDigits: 1 });
const count = new Intl.NumberFormat("en-US");

/** A log row's time: seconds matter when matching a request to an integration's own log. */
export const formatLogTime = (date: Date) => `${logTime.format(date)} UTC`;

/** The details view's time, with the date's year. */
export const formatFullTime = (date: Date) => `${fullTime.format(date)} UTC`;

/** A chart day (`YYYY-MM-DD`, UTC) as "Mar 15". */
export const formatDay = (day: string) => shortDay.format(new Date(`${day}T00:00:00.000Z`));

/** A share of 0–1; a small non-zero share is never rounded down to a reassuring "0%". */
export const formatShare = (share: number) => (share > 0 && share < 0.001 ? "<0.1%" : percent.format(share));

export const formatCount = (n: number) => count.format(n);

export const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;
