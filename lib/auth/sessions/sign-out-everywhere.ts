import { getDb, type DbOrTx } from "@/db/client";
import { userAuditActor } from "@/lib/audit/audit-actors";
import { recordAudit } from "@/lib/audit/record-audit";
import type { RequestClient } from "@/lib/audit/request-client";
import { notFound } from "@/lib/errors/api-error";
import { getMember } from "@/lib/users/get-member";
import { memberAuditTarget } from "@/lib/users/member-audit-target";
import { endAllSessions } from "./end-sessions";

/** "Sign out everywhere" on the profile page: every session of the signed-in user ends, this
 * browser's included, and the audit log says who did it and from where. */
export async function signOutEverywhere(
  input: { accountId: string; userId: string; origin: RequestClient },
  db?: DbOrTx,
): Promise<void> {
  const conn = db ?? (await getDb());
  await conn.transaction(async (tx) => {
    const member = await getMember(input.accountId, input.userId, tx);
    if (!member) throw notFound("User");
    await endAllSessions(tx, member.userId);
    await recordAudit(tx, member.accountId, userAuditActor(member, input.origin), {
      action: "sign_out.everywhere",
      target: memberAuditTarget(member),
    });
  });
}
