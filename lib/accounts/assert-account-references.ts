import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { memberships, properties } from "@/db/schema";
import { ApiError } from "@/lib/errors/api-error";

// Ids sent in a body must belong to the caller's account; another account's property is
// indistinguishable from a missing one (404).
export async function assertPropertyInAccount(
  db: DbOrTx,
  accountId: string,
  propertyId: string | null | undefined,
  path = "propertyId",
) {
  if (!propertyId) return;
  const [row] = await db
    .select({ id: properties.id })
    .from(properties)
    .where(and(eq(properties.id, propertyId), eq(properties.accountId, accountId)))
    .limit(1);
  if (!row)
    throw new ApiError("not_found", "Property not found.", [{ path, message: "No such property in this account" }]);
}

/** A user named in a body (a lead's `assignedTo`, a visit's `agentId`) must be an active member of
 * the account: another account's user or a deactivated one is a 400 `validation_error` naming the
 * field, not a silent null. One indexed read (memberships_account_user_unique). A member
 * deactivated between this read and the write keeps what was assigned, as one deactivated after
 * it does (deactivating never unassigns). `held` is the record's current value: an update that
 * sends it back unchanged (a whole form saved) is no assignment, so a deactivated assignee stays. */
export async function assertAssignableUser(
  db: DbOrTx,
  accountId: string,
  userId: string | null | undefined,
  path: string,
  held?: string | null,
) {
  if (!userId || userId === held) return;
  const [row] = await db
    .select({ active: memberships.active })
    .from(memberships)
    .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)))
    .limit(1);
  if (!row)
    throw new ApiError("validation_error", `\`${path}\` must be an active user of your account.`, [
      { path, message: "No such user in this account" },
    ]);
  if (!row.active)
    throw new ApiError("validation_error", `\`${path}\` must be an active user of your account.`, [
      { path, message: "This user is deactivated" },
    ]);
}
