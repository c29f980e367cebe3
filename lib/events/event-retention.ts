/** How long the feed keeps an event (and housekeeping deletes it after): 30 days. A cursor older
 * than this may point into what was deleted (lib/events/check-cursor-kept.ts). */
export const EVENT_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
