import type { PublicActivity } from "@/lib/activities/public-activity";
import { LEAD_STATUS_LABELS } from "@/lib/leads/lead-labels";
import { localizeSummary } from "@/lib/ui/format-date";
import { fieldLabel } from "./activity-changes";

// The headline of a timeline entry. Summaries are stored as the API serves them ("Status
// changed from negotiating to won", "Updated budget, assignedTo", times in UTC); the page reads
// them out for a person: "Negotiating → Won", "Updated budget, assigned to", times in the
// viewer's zone.

type Entry = Pick<PublicActivity, "type" | "summary" | "data">;

const statusLabel = (value: unknown) =>
  LEAD_STATUS_LABELS[value as keyof typeof LEAD_STATUS_LABELS] ?? String(value ?? "—");

function changesOf(entry: Entry): Record<string, unknown> | null {
  const changes = entry.data.changes;
  return changes && typeof changes === "object" ? (changes as Record<string, unknown>) : null;
}

/**
 * The entry's headline, or null for a note: a note's summary is its first line, and the note's
 * whole text is shown under the badge anyway (showing both repeated the first line).
 */
export function timelineSummary(entry: Entry, zone: string): string | null {
  if (entry.type === "note") return null;
  const changes = changesOf(entry);
  const status = changes?.status;
  if (entry.type === "lead_status_changed" && Array.isArray(status) && status.length === 2) {
    return `${statusLabel(status[0])} → ${statusLabel(status[1])}`;
  }
  // "Updated budget, tags": only when the summary is that list (a visit's update words its own).
  if (entry.type === "lead_updated" && changes && entry.summary === `Updated ${Object.keys(changes).join(", ")}`) {
    return `Updated ${Object.keys(changes)
      .map((field) => fieldLabel(field).toLowerCase())
      .join(", ")}`;
  }
  return localizeSummary(entry.summary, zone);
}

/** The change lines the headline already reads out, so the entry does not say them twice. */
export const fieldsInSummary = (entry: Entry): readonly string[] =>
  entry.type === "lead_status_changed" ? ["status"] : [];
