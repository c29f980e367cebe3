import type { BulkLeadAction } from "@/db/schema";

/** What the leads list shows of a bulk action while it runs and after: its counts, never its
 * selection (up to 10,000 ids) or its message. */
export interface BulkProgress {
  id: string;
  kind: BulkLeadAction["action"]["kind"];
  status: string;
  total: number;
  processed: number;
  changed: number;
  unchanged: number;
  scheduled: number;
  noConsent: number;
  optedOut: number;
  noPhone: number;
  error: string | null;
}

export const toBulkProgress = (row: BulkLeadAction): BulkProgress => ({
  id: row.id,
  kind: row.action.kind,
  status: row.status,
  // "All matching" may find a few more leads by the time it runs than were counted.
  total: Math.max(row.total, row.processedCount),
  processed: row.processedCount,
  changed: row.changedCount,
  unchanged: row.unchangedCount,
  scheduled: row.scheduledCount,
  noConsent: row.noConsentCount,
  optedOut: row.optedOutCount,
  noPhone: row.noPhoneCount,
  error: row.error,
});

/** How long a finished action's outcome stays above the list after it ended. */
const SHOWN_AFTER_END_MS = 10 * 60_000;

/** The member's latest action as the list opens with it: while it runs, and for a few minutes
 * after it ended (the outcome is the answer to "what did my bulk text do?"), else nothing. */
export function shownBulkProgress(row: BulkLeadAction | null, now: Date): BulkProgress | null {
  if (!row) return null;
  const ended = row.finishedAt && now.getTime() - row.finishedAt.getTime() > SHOWN_AFTER_END_MS;
  return ended ? null : toBulkProgress(row);
}
