import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { memberships } from "@/db/schema";
import { notFound } from "@/lib/errors/api-error";
import type { PublicUser } from "@/lib/schemas/users";
import { selectPublicUsers, toPublicUser } from "./public-user";

/** GET /api/v1/users/:id: a member of the account; another account's user is a 404 like a missing one. */
export async function getPublicUserOrThrow(accountId: string, userId: string): Promise<PublicUser> {
  const [row] = await selectPublicUsers(await getDb())
    .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)))
    .limit(1);
  if (!row) throw notFound("User");
  return toPublicUser(row);
}
