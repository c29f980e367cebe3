import type { ApiKeySummary } from "@/lib/keys/list-api-keys";

/** What the usage section shows: one key, or all the account's keys together. */
export interface UsageSubject {
  /** The key's id, or ALL_KEYS. */
  id: string;
  name: string;
  keyIds: string[];
}

/** `?key=all`: the account's total (key ids are `key_…`, so none is "all"). */
export const ALL_KEYS = "all";

// The keys whose usage the page shows, chosen among the account's own keys: a key id from
// another account (or made up) matches none and the page is a 404, before any log query.
// Without a choice in the URL: the key used last (what the owner most likely came to check),
// else the newest one.
export function selectUsageKey(keys: ApiKeySummary[], keyId: string | undefined): UsageSubject | undefined {
  if (keyId === ALL_KEYS)
    return keys.length ? { id: ALL_KEYS, name: "All keys", keyIds: keys.map((k) => k.id) } : undefined;
  const key = keyId ? keys.find((k) => k.id === keyId) : lastUsed(keys);
  return key && { id: key.id, name: key.name, keyIds: [key.id] };
}

function lastUsed(keys: ApiKeySummary[]): ApiKeySummary | undefined {
  const used = keys
    .filter((k) => k.lastUsedAt)
    .sort((a, b) => (b.lastUsedAt?.getTime() ?? 0) - (a.lastUsedAt?.getTime() ?? 0));
  return used[0] ?? keys[0];
}
