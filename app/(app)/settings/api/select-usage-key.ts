import type { ApiKeySummary } from "@/lib/keys/list-api-keys";

// The key whose usage the page shows, chosen among the account's own keys: a key id from
// another account (or made up) matches none and the page is a 404, before any log query.
// Without a choice in the URL: the key used last (what the owner most likely came to check),
// else the newest one.
export function selectUsageKey(keys: ApiKeySummary[], keyId: string | undefined): ApiKeySummary | undefined {
  if (keyId) return keys.find((k) => k.id === keyId);
  const used = keys
    .filter((k) => k.lastUsedAt)
    .sort((a, b) => (b.lastUsedAt?.getTime() ?? 0) - (a.lastUsedAt?.getTime() ?? 0));
  return used[0] ?? keys[0];
}
