import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { accounts, leadRoutingRules, users } from "@/db/schema";
import { UNKNOWN_CLIENT } from "@/lib/audit/request-client";
import type { AuditActor } from "@/lib/audit/record-audit";
import { deleteRoutingRule } from "@/lib/routing/delete-routing-rule";
import { moveRoutingRule } from "@/lib/routing/move-routing-rule";
import { saveRoutingRule } from "@/lib/routing/save-routing-rule";
import { setAgentAvailable } from "@/lib/routing/set-agent-available";
import { addUserToAccount } from "@/lib/users/add-user-to-account";
import { removeTeamMember } from "@/lib/users/remove-team-member";
import { setMemberActive } from "@/lib/users/set-member-active";
import { callApi, createTenant, type TestTenant } from "../../helpers/api";
import type { DataBody, Lead } from "../../helpers/api-bodies";
import { limitThroughRealRedis } from "../api/setup-api-tests";

limitThroughRealRedis();

const SYSTEM_ACTOR: AuditActor = { type: "system", id: null, label: "Test", ...UNKNOWN_CLIENT };

// accounts.routing_version (migration 0037's triggers) rises with every change to what routing
// reads, whoever writes it, and POST /leads, which keeps an account's rules per version in its
// process (lib/routing/cached-routing-rules.ts), routes by the rules as they are now.

async function versionOf(accountId: string): Promise<number> {
  const [row] = await (
    await getDb()
  )
    .select({ v: accounts.routingVersion })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row.v;
}

let n = 0;
async function addAgent(t: TestTenant, name: string): Promise<string> {
  const { userId } = await addUserToAccount({
    accountId: t.accountId,
    email: `${name.toLowerCase()}-${Date.now().toString(36)}-${++n}@routing-version.test`,
    name,
    password: "pw-123456789",
    role: "staff",
  });
  return userId;
}

async function routedTo(t: TestTenant): Promise<string | null> {
  const res = await callApi<DataBody<Lead>>("POST", "/api/v1/leads", {
    key: t.key,
    body: { name: `Lead ${++n}`, source: "website" },
  });
  expect(res.status).toBe(201);
  return res.body.data.assignedTo;
}

describe("the account's routing version", () => {
  it("rises with each change to the rules, the members and their names, and not with a turn", async () => {
    const t = await createTenant();
    const changes: [string, () => Promise<unknown>][] = [];
    const ann = await addAgent(t, "Ann");
    const bob = await addAgent(t, "Bob");
    let first = "";
    let second = "";
    const db = await getDb();
    changes.push(
      [
        "a rule saved",
        async () => (first = (await saveRoutingRule({ accountId: t.accountId }, { name: "A", agentIds: [ann] })).id),
      ],
      [
        "another",
        async () => (second = (await saveRoutingRule({ accountId: t.accountId }, { name: "B", agentIds: [bob] })).id),
      ],
      [
        "a rule edited",
        () => saveRoutingRule({ accountId: t.accountId, ruleId: first }, { name: "A2", agentIds: [ann, bob] }),
      ],
      ["a rule moved", () => moveRoutingRule(t.accountId, second, "up", SYSTEM_ACTOR)],
      ["an agent unavailable", () => setAgentAvailable(t.accountId, ann, false)],
      [
        "a member deactivated",
        () =>
          setMemberActive({
            accountId: t.accountId,
            actorUserId: t.userId,
            origin: UNKNOWN_CLIENT,
            userId: bob,
            active: false,
          }),
      ],
      ["a member renamed", () => db.update(users).set({ name: "Ann Lee" }).where(eq(users.id, ann))],
      ["a member added", () => addAgent(t, "Cy")],
      [
        "a member removed",
        () => removeTeamMember({ accountId: t.accountId, actorUserId: t.userId, origin: UNKNOWN_CLIENT, userId: bob }),
      ],
      ["a rule deleted", () => deleteRoutingRule(t.accountId, second, SYSTEM_ACTOR)],
    );
    for (const [what, change] of changes) {
      const before = await versionOf(t.accountId);
      await change();
      expect(await versionOf(t.accountId), what).toBeGreaterThan(before);
    }
    // The release before this one advances a round robin's next_turn in every create: not a change.
    const before = await versionOf(t.accountId);
    await db.update(leadRoutingRules).set({ nextTurn: 7 }).where(eq(leadRoutingRules.id, first));
    expect(await versionOf(t.accountId)).toBe(before);
  });

  it("is raised by a change written by hand, and POST /leads routes by it at once", async () => {
    const t = await createTenant();
    const ann = await addAgent(t, "Ann");
    const bob = await addAgent(t, "Bob");
    const { id } = await saveRoutingRule({ accountId: t.accountId, isDefault: true }, { name: "All", agentIds: [ann] });
    expect(await routedTo(t)).toBe(ann);
    expect(await routedTo(t)).toBe(ann); // from this process's copy
    // Another process, another release or an operator's SQL: the same trigger counts it.
    await (
      await getDb()
    )
      .update(leadRoutingRules)
      .set({ agentIds: [bob] })
      .where(eq(leadRoutingRules.id, id));
    expect(await routedTo(t)).toBe(bob);
    await setAgentAvailable(t.accountId, bob, false);
    expect(await routedTo(t)).toBeNull();
  });

  it("leaves an account's deletion (members and rules going with it) to succeed", async () => {
    const t = await createTenant();
    const ann = await addAgent(t, "Ann");
    await saveRoutingRule({ accountId: t.accountId, isDefault: true }, { name: "All", agentIds: [ann] });
    const db = await getDb();
    await db.delete(accounts).where(eq(accounts.id, t.accountId));
    expect(await db.select().from(accounts).where(eq(accounts.id, t.accountId))).toEqual([]);
  });
});
