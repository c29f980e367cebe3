import type { Tx } from "@/db/client";
import { leadRoutingRules } from "@/db/schema";
import { newId } from "@/lib/ids/new-id";
import { ensureTurnSequence } from "@/lib/routing/turn-sequence";

// The demo agency's lead routing (issue 34): its website leads go round robin to its team, so a
// lead created from the demo (the form, the API, a text) shows routing at once. Written as a row
// in the seed's transaction (saveRoutingRule opens its own, which the seed cannot wait for).
export async function seedDemoRouting(db: Tx, accountId: string, agentIds: string[]): Promise<void> {
  const id = newId("leadRoutingRule");
  await db.insert(leadRoutingRules).values({
    id,
    accountId,
    name: "Website leads",
    position: 0,
    conditions: { sources: ["website"] },
    agentIds,
  });
  await ensureTurnSequence(db, id);
}
