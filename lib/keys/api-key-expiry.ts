import { ApiError } from "@/lib/errors/api-error";

// When a key may stop working: never, after 30, 60 or 90 days, or on a date the owner picks.
export const EXPIRY_CHOICES = ["never", "30", "60", "90", "date"] as const;
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number];

const DAY_MS = 86_400_000;
/** Further than this is a typo, not a policy. */
export const MAX_EXPIRY_DAYS = 3650;

/** An expiry chosen as days from now, as the form's presets and the CLI's --expires-in-days. */
export function expiryInDays(days: number, now = Date.now()): Date {
  if (!Number.isInteger(days) || days < 1 || days > MAX_EXPIRY_DAYS) {
    throw new ApiError("validation_error", `Choose an expiry between 1 and ${MAX_EXPIRY_DAYS} days.`, [
      { path: "expiresInDays", message: `Must be a whole number of days from 1 to ${MAX_EXPIRY_DAYS}.` },
    ]);
  }
  return new Date(now + days * DAY_MS);
}

/** A key's expiry must lie in the future (and within MAX_EXPIRY_DAYS). */
export function assertExpiryAhead(expiresAt: Date | null, now = Date.now()): void {
  if (expiresAt === null) return;
  const t = expiresAt.getTime();
  if (!(t > now) || t > now + MAX_EXPIRY_DAYS * DAY_MS) {
    throw new ApiError("validation_error", "The expiry must be a moment in the future, within 10 years.", [
      { path: "expiresAt", message: "Choose a date in the future." },
    ]);
  }
}

/** Whole days left, rounded up, for "expires in N days"; 0 once expired. */
export const daysUntil = (at: Date, now = Date.now()) => Math.max(0, Math.ceil((at.getTime() - now) / DAY_MS));

/** Settings warns about keys that stop working within this many days. */
export const EXPIRY_WARNING_DAYS = 7;

/** How long a rolled key's old secret keeps working: the owner's choice. */
export const ROLL_OVERLAPS = { now: 0, "1h": 3_600_000, "24h": 86_400_000, "7d": 7 * DAY_MS } as const;
export type RollOverlap = keyof typeof ROLL_OVERLAPS;
export const ROLL_OVERLAP_LABELS: Record<RollOverlap, string> = {
  now: "Immediately",
  "1h": "In 1 hour",
  "24h": "In 24 hours",
  "7d": "In 7 days",
};
/** The CLI's --overlap-hours accepts any whole number of hours up to this (30 days). */
export const MAX_OVERLAP_HOURS = 720;
