import { formatInZone } from "@/components/ui/format-date";

// An entry's {field: [old, new]} in words, one "field: old → new" per field, for the audit log
// page. Values are whatever the service recorded: text, numbers, booleans, lists, or null for
// "none" (a field that did not exist before, or no longer does). Times are recorded as the API
// writes them (ISO 8601 UTC: a key's expiresAt, revokedAt); the page shows them in the viewer's
// zone, as every time it shows. The CSV export keeps the recorded JSON.

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z$/;

function formatValue(value: unknown, zone: string): string {
  if (value === null || value === undefined) return "—";
  if (Array.isArray(value)) return value.map((v) => formatValue(v, zone)).join(", ") || "—";
  if (typeof value === "object") return JSON.stringify(value);
  if (typeof value === "string" && ISO_UTC.test(value)) return formatInZone(value, zone, "stamp");
  return String(value);
}

export function formatAuditChanges(changes: Record<string, [unknown, unknown]>, zone: string): string[] {
  return Object.entries(changes).map(
    ([field, [old, next]]) => `${field}: ${formatValue(old, zone)} → ${formatValue(next, zone)}`,
  );
}
