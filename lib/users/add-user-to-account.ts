import { type Role } from "@/lib/domain/enums";
import { getDb, type DbOrTx } from "@/db/client";
import { memberships, users } from "@/db/schema";
import { recordAudit, type AuditActor } from "@/lib/audit/record-audit";
import { newId } from "@/lib/ids/new-id";
import { hashPassword } from "@/lib/auth/password";
import { ApiError } from "@/lib/errors/api-error";
import { findUserByEmail } from "./find-user-by-email";
import { memberAuditTarget } from "./member-audit-target";

export interface AddUserInput {
  accountId: string;
  email: string;
  name: string;
  password: string;
  role: Role;
  /** IANA zone the web UI shows their times in; absent: the account's (users.timezone null). */
  timezone?: string;
  /** Who added them: the CLI. Omitted where no one adds a member to an existing account (an
   * account's first owner at signup, demo seeding) and for an accepted invite, which records its own. */
  audit?: AuditActor;
}

// Adds a login to an account (an accepted team invite and `cli user create`).
export async function addUserToAccount(input: AddUserInput, db?: DbOrTx): Promise<{ userId: string }> {
  const conn = db ?? (await getDb());
  const email = input.email.trim().toLowerCase();
  if (await findUserByEmail(email, conn)) {
    throw new ApiError("conflict", "A user with this email already exists.", [
      { path: "email", message: "Already registered" },
    ]);
  }
  const passwordHash = await hashPassword(input.password);
  const userId = newId("user");
  await conn.transaction(async (tx) => {
    await tx.insert(users).values({
      id: userId,
      email,
      name: input.name,
      passwordHash,
      timezone: input.timezone,
    });
    await tx
      .insert(memberships)
      .values({ id: newId("membership"), accountId: input.accountId, userId, role: input.role });
    if (input.audit) {
      await recordAudit(tx, input.accountId, input.audit, {
        action: "member.added",
        target: memberAuditTarget({ userId, name: input.name, email }),
        changes: { role: [null, input.role] },
      });
    }
  });
  return { userId };
}
