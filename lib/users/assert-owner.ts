import type { DbOrTx } from "@/db/client";
import { ApiError } from "@/lib/errors/api-error";
import { getMember, type Member } from "./get-member";

// Owner-only services call this with the caller's ids from the session. It reads the role from
// the database, not from the session, so a demoted or removed user is refused at once.
export async function assertOwner(accountId: string, userId: string, db?: DbOrTx): Promise<Member> {
  const member = await getMember(accountId, userId, db);
  if (!member || member.role !== "owner") {
    throw new ApiError("forbidden", "Only account owners can do this.");
  }
  return member;
}
