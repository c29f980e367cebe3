import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { memberships, properties } from "@/db/schema";
import { ApiError } from "@/lib/errors/api-error";

// Ids sent in a body must belong to the caller's account; another account's id is
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

export async function assertUserInAccount(
  db: DbOrTx,
  accountId: string,
  userId: string | null | undefined,
  path: string,
) {
  if (!userId) return;
  const [row] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.accountId, accountId)))
    .limit(1);
  if (!row) throw new ApiError("not_found", "User not found.", [{ path, message: "No such user in this account" }]);
}
