import type { DbOrTx } from "@/db/client";
import { loadRoutingRules, type RoutingRule } from "./load-routing-rules";

// An account's routing rules as this process last read them, kept for the account's routing
// version (accounts.routing_version: raised by triggers on every change to the rules, the
// members' active and available flags and their names, whichever process or release writes it).
// POST /leads reads the version with the API key, in the statement it runs anyway, so while it
// holds a create reads no rules: one query less for every lead created without an assignee.
//
// The rules are read after the version was, so what is kept is never older than its version:
// at worst a newer set is kept under an older version, and the next request with the newer
// version reads them again. What a write needs of a rule is kept here; the round robin's turn is
// taken in the insert's own statement (its sequence), never from this copy.

const MAX_ACCOUNTS = 2_000;
const kept = new Map<string, { version: number; rules: readonly RoutingRule[] }>();

/** The account's rules: this process's copy when it was read for `version`, else read (and kept). */
export async function routingRulesAt(db: DbOrTx, accountId: string, version: number): Promise<readonly RoutingRule[]> {
  const hit = kept.get(accountId);
  if (hit?.version === version) return hit.rules;
  const rules = await loadRoutingRules(db, accountId);
  // Oldest first out: a Map iterates in insertion order, and a re-read moves the account last.
  kept.delete(accountId);
  if (kept.size >= MAX_ACCOUNTS) kept.delete(kept.keys().next().value!);
  kept.set(accountId, { version, rules });
  return rules;
}
