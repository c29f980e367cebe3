import { getDb } from "@/db/client";
import { leads } from "@/db/schema";
import { newId } from "@/lib/ids/new-id";
import { recordActivity, type Actor } from "@/lib/activities/record-activity";
import type { LeadCreateInput } from "@/lib/schemas/leads";
import { prepareLeadFields, type LeadAccountContext } from "./prepare-lead-fields";
import { toPublicLead, type PublicLead } from "./to-public-lead";

// The lead and its lead_created activity commit together or not at all.
export async function createLead(account: LeadAccountContext, input: LeadCreateInput, actor: Actor): Promise<PublicLead> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const fields = await prepareLeadFields(tx, account, input);
    const [lead] = await tx
      .insert(leads)
      .values({ ...fields, id: newId("lead"), accountId: account.accountId, name: input.name })
      .returning();
    await recordActivity(tx, {
      accountId: account.accountId,
      leadId: lead.id,
      type: "lead_created",
      summary: `Lead ${lead.name} created`,
      data: { source: lead.source },
      actor,
    });
    return toPublicLead(lead);
  });
}
