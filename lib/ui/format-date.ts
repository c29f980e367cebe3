// Dates in tables: rendered on the server, so in UTC and said so, never in the server's zone.
const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const dateOnly = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

export function formatDateTime(date: Date): string {
  return `${dateTime.format(date)} UTC`;
}

export function formatDate(date: Date): string {
  return dateOnly.format(date);
}
