// An entry's {field: [old, new]} in words, one "field: old → new" per field, for the audit log
// page. Values are whatever the service recorded: text, numbers, booleans, lists, or null for
// "none" (a field that did not exist before, or no longer does).

function formatValue(value: unknown): string {
  if (value === null || value === undefined) return "—";
  if (Array.isArray(value)) return value.map(formatValue).join(", ") || "—";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

export function formatAuditChanges(changes: Record<string, [unknown, unknown]>): string[] {
  return Object.entries(changes).map(([field, [old, next]]) => `${field}: ${formatValue(old)} → ${formatValue(next)}`);
}
