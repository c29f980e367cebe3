import { getDb, type DbOrTx } from "@/db/client";
import { userAuditActor } from "@/lib/audit/audit-actors";
import type { RequestClient } from "@/lib/audit/request-client";
import { addUserToAccount } from "./add-user-to-account";
import { assertOwner } from "./assert-owner";
import { teamMemberSchema, type TeamMemberInput } from "./team-member-schema";

// The team page's "Add staff": owners only. The person signs in with the temporary password
// the owner chose and passed on, and must choose their own before anything else.
export async function addTeamMember(
  input: { accountId: string; actorUserId: string; origin: RequestClient; member: TeamMemberInput },
  db?: DbOrTx,
): Promise<{ userId: string }> {
  const conn = db ?? (await getDb());
  const owner = await assertOwner(input.accountId, input.actorUserId, conn);
  const member = teamMemberSchema.parse(input.member);
  return addUserToAccount(
    {
      accountId: input.accountId,
      ...member,
      role: "staff",
      mustChangePassword: true,
      audit: userAuditActor(owner, input.origin),
    },
    conn,
  );
}
