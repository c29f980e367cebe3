import { z } from "zod";

// The outcomes staff set from the web UI; `scheduled` is only ever set by creating a visit.
export const VISIT_OUTCOMES = ["completed", "cancelled", "no_show"] as const;
export type VisitOutcome = (typeof VISIT_OUTCOMES)[number];

export const visitOutcomeSchema = z.enum(VISIT_OUTCOMES, { error: "Choose completed, cancelled or no-show." });

export const VISIT_STATUS_LABELS: Record<"scheduled" | VisitOutcome, string> = {
  scheduled: "Scheduled",
  completed: "Completed",
  cancelled: "Cancelled",
  no_show: "No-show",
};

/** Badge tones of the visits table, the visit page and the calendar. */
export const VISIT_STATUS_TONES = {
  scheduled: "indigo",
  completed: "emerald",
  cancelled: "slate",
  no_show: "red",
} as const;
