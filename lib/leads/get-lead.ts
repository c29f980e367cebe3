import { getDb } from "@/db/client";
import { getLeadOrThrow } from "./get-lead-or-throw";
import { toPublicLead, type PublicLead } from "./public-lead";

/** A live lead of the account (404 otherwise), for pages that list its activity separately. */
export async function getLead(accountId: string, leadId: string): Promise<PublicLead> {
  return toPublicLead(await getLeadOrThrow(await getDb(), accountId, leadId));
}
