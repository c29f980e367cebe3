import type { ApiKeySummary } from "@/lib/keys/list-api-keys";
import { EXPIRY_WARNING_DAYS } from "@/lib/keys/api-key-expiry";
import { formatInZone } from "@/components/ui/format-date";
import { keyLifetime, keysExpiringSoon } from "./key-lifetime";

// Stripe-style warning before keys stop working on their own: an integration that still uses
// one starts failing with 401 api_key_expired, and rolling keeps the expiry, so the way out
// is a new key.
export function ExpiringKeysBanner({ keys, timeZone }: { keys: ApiKeySummary[]; timeZone: string }) {
  const soon = keysExpiringSoon(keys);
  if (soon.length === 0) return null;
  return (
    <section
      role="note"
      aria-labelledby="expiring-keys-title"
      className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-4 sm:p-5"
    >
      <h2 id="expiring-keys-title" className="font-semibold text-amber-950">
        {soon.length === 1 ? "1 API key expires" : `${soon.length} API keys expire`} within {EXPIRY_WARNING_DAYS} days
      </h2>
      <ul className="space-y-1 text-sm text-amber-950">
        {soon.map((key) => (
          <li key={key.id}>
            “{key.name}” <code className="font-mono text-xs">{key.prefix}…</code>: {keyLifetime(key).text.toLowerCase()}
            {key.expiresAt ? ` (${formatInZone(key.expiresAt, timeZone)})` : null}
          </li>
        ))}
      </ul>
      <p className="text-sm text-amber-900">
        After that, its requests are refused with <code className="font-mono text-xs">401 api_key_expired</code>. Create
        a new key and move the integration to it before then.
      </p>
    </section>
  );
}
