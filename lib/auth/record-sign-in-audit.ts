import type { DbOrTx } from "@/db/client";
import { userAuditActor } from "@/lib/audit/audit-actors";
import { recordAudit } from "@/lib/audit/record-audit";
import type { RequestClient } from "@/lib/audit/request-client";
import { findMemberByUserId, type Member } from "@/lib/users/get-member";
import { memberAuditTarget } from "@/lib/users/member-audit-target";

// Sign-ins belong to the account of the user who signed in, or whose email was tried. As in
// GitHub's audit log, a throttled attempt names that user as its actor: the entry says whose
// login was under attack, and its IP and user agent say from where.

export function recordSignIn(db: DbOrTx, member: Member, origin: RequestClient): Promise<void> {
  return recordAudit(db, member.accountId, userAuditActor(member, origin), {
    action: "sign_in.succeeded",
    target: memberAuditTarget(member),
  });
}

export async function recordSignInThrottled(
  db: DbOrTx,
  userId: string,
  origin: RequestClient,
  lockedUntil: Date,
): Promise<void> {
  const member = await findMemberByUserId(userId, db);
  if (!member) return;
  await recordAudit(db, member.accountId, userAuditActor(member, origin), {
    action: "sign_in.throttled",
    target: memberAuditTarget(member),
    changes: { lockedUntil: [null, lockedUntil.toISOString()] },
  });
}
