import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { leadRoutingRules } from "@/db/schema";

// A round robin's turns come from a sequence of its own, `lead_routing_turns_<rule id>`: the
// statement that creates leads takes one value a lead with nextval(), which neither locks nor
// writes a row. The rule's `next_turn` column, which each create used to advance with an UPDATE,
// made every concurrent create of the account wait on that one row until its commit and left a
// dead row version per create (scenario 16: routing on ÷ off fell from 0.88 to 0.53 over a
// minute). The sequence is made with its rule (saveRoutingRule, the demo seed; migration 0036 for
// the rules before it), starting at the rule's `next_turn`. A rule without one (saved by the
// release before, during a rolling deploy) still takes its turns through `next_turn`
// (insert-new-leads.ts). A deleted rule's sequence is kept: a create that read the rule just
// before the deletion may still take a turn of it.

/** The sequence's name, as SQL builds it too: 'lead_routing_turns_' || rule id. */
export const TURN_SEQUENCE_PREFIX = "lead_routing_turns_";

/** Makes the rule's sequence if it has none, starting at the rule's `next_turn`. In the
 * transaction that saves the rule, which holds the rule's row (or made it), so no two of these race. */
export async function ensureTurnSequence(tx: DbOrTx, ruleId: string): Promise<void> {
  const [rule] = await tx
    .select({ nextTurn: leadRoutingRules.nextTurn })
    .from(leadRoutingRules)
    .where(eq(leadRoutingRules.id, ruleId));
  const start = Math.max(0, Math.trunc(rule?.nextTurn ?? 0));
  await tx.execute(
    sql`create sequence if not exists ${sql.identifier(TURN_SEQUENCE_PREFIX + ruleId)} minvalue 0 start with ${sql.raw(String(start))}`,
  );
}
