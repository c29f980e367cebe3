import { EXPIRY_WARNING_DAYS, daysUntil } from "@/lib/keys/api-key-expiry";
import type { ApiKeySummary } from "@/lib/keys/list-api-keys";

type KeyTimes = Pick<ApiKeySummary, "status" | "expiresAt" | "replacedBy">;

/** How long a key works, in the key list's words, and the moment it names (if any). */
export function keyLifetime(key: KeyTimes, now = Date.now()): { text: string; at: Date | null } {
  if (key.status === "revoked") return { text: "—", at: null };
  if (key.replacedBy && key.expiresAt) {
    const ended = key.expiresAt.getTime() <= now;
    return { text: ended ? "Rolled: stopped working" : "Rolled: stops working", at: key.expiresAt };
  }
  if (!key.expiresAt) return { text: "Never expires", at: null };
  if (key.status === "expired") return { text: "Expired", at: key.expiresAt };
  const days = daysUntil(key.expiresAt, now);
  return { text: `Expires in ${days} ${days === 1 ? "day" : "days"}`, at: key.expiresAt };
}

/** Keys that stop working within the warning window on their own. A rolled key in its overlap
 * is left out: the owner picked that end when rolling, and its replacement works on. */
export function keysExpiringSoon<K extends KeyTimes>(keys: K[], now = Date.now()): K[] {
  const horizon = now + EXPIRY_WARNING_DAYS * 86_400_000;
  return keys.filter(
    (k) => k.status === "active" && !k.replacedBy && k.expiresAt !== null && k.expiresAt.getTime() <= horizon,
  );
}
