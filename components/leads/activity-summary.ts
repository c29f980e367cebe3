import type { PublicActivity } from "@/lib/activities/public-activity";
import { LEAD_STATUS_LABELS } from "@/lib/leads/lead-labels";
import { localizeSummary } from "@/components/ui/format-date";

// The headline of a timeline entry. Summaries are stored as the API serves them ("Status
// changed from negotiating to won", "Updated budget, assignedTo", times in UTC); the page reads
// them out for a person: "Negotiating → Won", no list of field keys, times in the viewer's zone.

type Entry = Pick<PublicActivity, "type" | "summary" | "data">;

const statusLabel = (value: unknown) =>
  LEAD_STATUS_LABELS[value as keyof typeof LEAD_STATUS_LABELS] ?? String(value ?? "—");

function changesOf(entry: Entry): Record<string, unknown> | null {
  const changes = entry.data.changes;
  return changes && typeof changes === "object" ? (changes as Record<string, unknown>) : null;
}

/**
 * The entry's headline, or null when the entry shows it in full below the badge: a note's
 * summary is its first line of the text shown whole (showing both repeated the first line).
 */
export function timelineSummary(entry: Entry, zone: string): string | null {
  if (entry.type === "note") return null;
  const changes = changesOf(entry);
  const status = changes?.status;
  if (entry.type === "lead_status_changed" && Array.isArray(status) && status.length === 2) {
    return `${statusLabel(status[0])} → ${statusLabel(status[1])}`;
  }
  // "Updated budget, assignedTo" is only the list of keys the change lines below read out in
  // full ("Budget: $450,000 → $900,000"): the "Updated" badge is headline enough. A restore or a
  // visit's update words its own summary, which stays.
  if (entry.type === "lead_updated" && changes && entry.summary === `Updated ${Object.keys(changes).join(", ")}`) {
    return null;
  }
  return localizeSummary(entry.summary, zone);
}

/** The change lines the headline already reads out, so the entry does not say them twice. */
export const fieldsInSummary = (entry: Entry): readonly string[] =>
  entry.type === "lead_status_changed" ? ["status"] : [];
