import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { memberships } from "@/db/schema";
import { ifSet } from "@/lib/query/if-set";
import { cursorScope } from "@/lib/pagination/cursor";
import { keyset, type Page } from "@/lib/pagination/keyset";
import type { PublicUser, UserListQuery } from "@/lib/schemas/users";
import { selectPublicUsers, toPublicUser } from "./public-user";

// GET /api/v1/users: the account's members, a page at a time by when they joined.
export async function listUsers(accountId: string, query: UserListQuery): Promise<Page<PublicUser>> {
  const filters = { active: query.active };
  const page = keyset(
    query,
    { createdAt: memberships.createdAt, id: memberships.userId },
    cursorScope("users", accountId, filters),
  );
  const rows = await selectPublicUsers(await getDb())
    .where(
      and(
        eq(memberships.accountId, accountId),
        ifSet(filters.active, (active) => eq(memberships.active, active)),
        page.where,
      ),
    )
    .orderBy(...page.orderBy)
    .limit(page.fetch);
  return page.toPage(rows, toPublicUser);
}
