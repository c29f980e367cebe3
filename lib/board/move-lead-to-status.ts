import { getAccountOrThrow } from "@/lib/accounts/get-account";
import type { LeadStatus } from "@/lib/domain/enums";
import { userActor } from "@/lib/activities/user-actor";
import { updateLead } from "@/lib/leads/update-lead";
import type { Member } from "@/lib/users/get-member";
import { toBoardCard, type BoardCard } from "./board-card";

/**
 * A card dropped in another column: PATCH /leads/:id with `{status}` through the same service,
 * so the move writes its lead_status_changed activity and lead.status_changed event in one
 * transaction, exactly as the API does. Another account's lead is not_found.
 */
export async function moveLeadToStatus(member: Member, leadId: string, status: LeadStatus): Promise<BoardCard> {
  const account = await getAccountOrThrow(member.accountId);
  const lead = await updateLead(
    { accountId: member.accountId, defaultCountry: account.defaultCountry },
    leadId,
    { status },
    userActor(member),
  );
  return toBoardCard(lead);
}
