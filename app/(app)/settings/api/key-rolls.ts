import type { ApiKeySummary } from "@/lib/keys/list-api-keys";

/** One key as the owner sees it: its newest secret, and the older ones still in their overlap. */
export interface RolledKey {
  /** The newest secret's row: the key's name, permissions, expiry and status. */
  key: ApiKeySummary;
  /** Older secrets of its rolls that still answer, newest first; empty once every overlap ends. */
  previous: ApiKeySummary[];
  /** The first secret's id: stable across rolls, so a row keeps its place (and its open roll
   * dialog) when the list refreshes after a roll. */
  rootId: string;
}

// A roll is a new row that its predecessor names in `replacedBy`; the key is the chain. The list
// shows one row per chain (issue 31, 1b): revoking it or editing its permissions reaches every
// secret, so two rows would promise what the services no longer do. Keys come newest first, and
// a chain's newest row is the one nothing replaces.
export function groupKeyRolls(keys: ApiKeySummary[]): RolledKey[] {
  const byId = new Map(keys.map((k) => [k.id, k]));
  const predecessorOf = new Map(keys.filter((k) => k.replacedBy).map((k) => [k.replacedBy!, k]));
  return keys
    .filter((k) => !k.replacedBy || !byId.has(k.replacedBy))
    .map((key) => {
      const chain: ApiKeySummary[] = [];
      for (let p = predecessorOf.get(key.id); p && chain.length < keys.length; p = predecessorOf.get(p.id))
        chain.push(p);
      return {
        key,
        previous: chain.filter((p) => p.status === "active"),
        rootId: chain.at(-1)?.id ?? key.id,
      };
    });
}
