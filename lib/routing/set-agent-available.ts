import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { memberships, users } from "@/db/schema";
import { recordAudit, type AuditActor } from "@/lib/audit/record-audit";
import { notFound } from "@/lib/errors/api-error";

/** Marks a member available or not for lead routing: round robin skips them while unavailable. */
export async function setAgentAvailable(
  accountId: string,
  userId: string,
  available: boolean,
  actor?: AuditActor,
): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const where = and(eq(memberships.accountId, accountId), eq(memberships.userId, userId));
    const [before] = await tx
      .select({ available: memberships.available, name: users.name, email: users.email })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(where)
      .for("update", { of: memberships });
    if (!before) throw notFound("Member");
    if (before.available === available) return;
    await tx.update(memberships).set({ available }).where(where);
    if (actor)
      await recordAudit(tx, accountId, actor, {
        action: "member.availability_changed",
        target: { type: "member", id: userId, label: `${before.name} <${before.email}>` },
        changes: { available: [before.available, available] },
      });
  });
}
