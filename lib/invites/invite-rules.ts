// The limits of Settings → Team's invites, in one place: the services check them, the page and
// the tests read them.

/** An invite link works for a week: long enough for a weekend, short enough to go stale. */
export const INVITE_TTL_DAYS = 7;
export const INVITE_TTL_MS = INVITE_TTL_DAYS * 24 * 60 * 60_000;

/** Open invites (not accepted, not revoked, expired included) an account may have at once: an
 * owner's session cannot be made to mail hundreds of strangers. */
export const MAX_OPEN_INVITES = 50;

/** A resend waits this long after the last mail of the invite… */
export const RESEND_COOLDOWN_MS = 60_000;
/** …and an invite is mailed at most this many times, the first included: one inbox is not spammed. */
export const MAX_SENDS_PER_INVITE = 5;
