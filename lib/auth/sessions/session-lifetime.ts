// How long a sign-in lasts. A bank's review asks for both limits: an absolute one, so a stolen
// cookie dies even if used every day, and an idle one, so a browser left signed in on a shared
// computer does not stay open for a month.
const DAY_MS = 24 * 60 * 60_000;

/** From sign-in, whatever happens: refreshing the cookie never moves it. */
export const SESSION_ABSOLUTE_MS = 30 * DAY_MS;
/** Without a page or session request for this long, the session ends. */
export const SESSION_IDLE_MS = 7 * DAY_MS;
/** `lastSeenAt` moves at most this often: one write an hour per session, not one per page. */
export const LAST_SEEN_STEP_MS = 60 * 60_000;
