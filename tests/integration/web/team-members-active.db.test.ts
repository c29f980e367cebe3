import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { memberships } from "@/db/schema";
import { setMemberActiveAction } from "@/app/(app)/settings/team/actions";
import { updateLeadForm } from "@/app/(app)/leads/_forms/save-lead-form";
import { leadFormOptions } from "@/components/leads/lead-form-options";
import { authorizeCredentials } from "@/lib/auth/authorize-credentials";
import { sessionIsLive } from "@/lib/auth/sessions/session-is-live";
import { DEACTIVATED, INVALID_CREDENTIALS } from "@/lib/auth/sign-in-codes";
import { getPublicLeadOrThrow } from "@/lib/leads/get-lead-or-throw";
import { changeMemberRole } from "@/lib/users/change-member-role";
import { getMember, type Member } from "@/lib/users/get-member";
import { listMembers } from "@/lib/users/list-members";
import { setMemberActive } from "@/lib/users/set-member-active";
import { auditEntries } from "../audit/audit-fixtures";
import { agencyWithStaff, form, leadOf, type Agency } from "./web-fixtures";

// Settings → Team's Deactivate and Reactivate (issue 34): what a deactivated member can no longer
// do, who may deactivate whom, and that no interleaving leaves an account without an active owner.

const STAFF_PASSWORD = "staff-pass-1";
let n = 0;
const origin = () => ({ ip: `198.51.100.${(++n % 250) + 1}`, userAgent: "TeamTest/1.0" });

const toggle = (actor: Member, userId: string, active: boolean) =>
  setMemberActiveAction.run(actor, form({ userId, active: String(active) }), origin());

/** The agency's staff member made a second owner: two active owners. */
async function withTwoOwners(): Promise<Agency & { second: Member }> {
  const a = await agencyWithStaff("Two Owners Realty");
  await changeMemberRole({
    accountId: a.accountId,
    actorUserId: a.owner.userId,
    origin: origin(),
    userId: a.staff.userId,
    role: "owner",
  });
  const second = await getMember(a.accountId, a.staff.userId);
  if (!second) throw new Error("second owner missing");
  return { ...a, second };
}

const activeOwners = async (accountId: string) =>
  (await listMembers(accountId)).filter((m) => m.role === "owner" && m.active).map((m) => m.userId);

describe(`deactivating and reactivating members on ${process.env.TEST_DB_ENGINE ?? "postgres"}`, () => {
  // The embedded engine's migrations run at the first use: in the hook's time, not a test's.
  beforeAll(async () => {
    await getDb();
  });

  it("a deactivated member is signed out, cannot sign in, is no member to any check, and is shown inactive", async () => {
    const a = await agencyWithStaff("Deactivate Realty");
    const session = await authorizeCredentials(a.staff.email, STAFF_PASSWORD, origin());
    expect(await sessionIsLive({ sessionId: session.sessionId, userId: session.id })).toBe(true);

    expect(await toggle(a.owner, a.staff.userId, false)).toMatchObject({ status: "success" });
    expect(await sessionIsLive({ sessionId: session.sessionId, userId: session.id })).toBe(false);
    // Every page and owner check reads the member through getMember: not found.
    expect(await getMember(a.accountId, a.staff.userId)).toBeUndefined();
    // The right password learns why; a wrong one learns nothing.
    await expect(authorizeCredentials(a.staff.email, STAFF_PASSWORD, origin())).rejects.toThrow(DEACTIVATED);
    await expect(authorizeCredentials(a.staff.email, "wrong-pass-1", origin())).rejects.toThrow(INVALID_CREDENTIALS);
    expect((await listMembers(a.accountId)).find((m) => m.userId === a.staff.userId)).toMatchObject({ active: false });
    // Doing it again changes nothing and records nothing more.
    expect(await toggle(a.owner, a.staff.userId, false)).toMatchObject({ status: "success" });

    expect(await toggle(a.owner, a.staff.userId, true)).toMatchObject({ status: "success" });
    expect(await getMember(a.accountId, a.staff.userId)).toMatchObject({ active: true, role: "staff" });
    const again = await authorizeCredentials(a.staff.email, STAFF_PASSWORD, origin());
    expect(await sessionIsLive({ sessionId: again.sessionId, userId: again.id })).toBe(true);

    const entries = (await auditEntries(a.accountId)).filter(
      (e) => e.action.startsWith("member.") && e.action.endsWith("activated"),
    );
    expect(entries.map((e) => [e.action, e.actorId, e.targetId, e.changes])).toEqual([
      ["member.deactivated", a.owner.userId, a.staff.userId, { active: [true, false] }],
      ["member.reactivated", a.owner.userId, a.staff.userId, { active: [false, true] }],
    ]);
  });

  it("only an owner, never oneself, never another account's member", async () => {
    const a = await withTwoOwners();
    const b = await agencyWithStaff("Elsewhere Realty");
    expect(await toggle(b.staff, b.owner.userId, false)).toMatchObject({
      status: "error",
      message: "Only account owners can do this.",
    });
    expect(await toggle(a.owner, a.owner.userId, false)).toMatchObject({
      status: "error",
      message: "You cannot deactivate yourself.",
    });
    expect(await toggle(a.owner, b.staff.userId, false)).toMatchObject({
      status: "error",
      message: "Team member not found.",
    });
    const garbled = await setMemberActiveAction.run(
      a.owner,
      form({ userId: a.second.userId, active: "maybe" }),
      origin(),
    );
    expect(garbled).toMatchObject({ status: "error", fieldErrors: { active: expect.any(String) } });
    expect(await getMember(b.accountId, b.staff.userId)).toBeDefined();
    expect((await activeOwners(a.accountId)).sort()).toEqual([a.owner.userId, a.second.userId].sort());
  });

  it("a deactivated owner does not count: the last active owner cannot be demoted or deactivated", async () => {
    const a = await withTwoOwners();
    expect(await toggle(a.owner, a.second.userId, false)).toMatchObject({ status: "success" });
    // The deactivated owner can do nothing, not even reactivate themselves.
    expect(await toggle(a.second, a.owner.userId, false)).toMatchObject({ status: "error" });
    await expect(
      changeMemberRole({
        accountId: a.accountId,
        actorUserId: a.owner.userId,
        origin: origin(),
        userId: a.owner.userId,
        role: "staff",
      }),
    ).rejects.toThrow("An account needs at least one owner.");
    // Directly, as a request racing the checks would: the service itself refuses.
    await expect(
      setMemberActive({
        accountId: a.accountId,
        actorUserId: a.second.userId,
        origin: origin(),
        userId: a.owner.userId,
        active: false,
      }),
    ).rejects.toThrow("Only account owners can do this.");
    expect(await activeOwners(a.accountId)).toEqual([a.owner.userId]);
  });

  it("two owners deactivating each other at once: one wins, one active owner remains", async () => {
    for (let round = 0; round < 4; round++) {
      const a = await withTwoOwners();
      const results = await Promise.allSettled([
        setMemberActive({
          accountId: a.accountId,
          actorUserId: a.owner.userId,
          origin: origin(),
          userId: a.second.userId,
          active: false,
        }),
        setMemberActive({
          accountId: a.accountId,
          actorUserId: a.second.userId,
          origin: origin(),
          userId: a.owner.userId,
          active: false,
        }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
      const refused = results.find((r) => r.status === "rejected");
      expect((refused as PromiseRejectedResult).reason).toMatchObject({ code: "forbidden" });
      expect(await activeOwners(a.accountId)).toHaveLength(1);
    }
  });

  it("a deactivated member is not offered and not taken as a new assignee; a lead that has them keeps them", async () => {
    const a = await agencyWithStaff("Assign Realty");
    const held = await leadOf(a, { name: "Held", assignedTo: a.staff.userId });
    const free = await leadOf(a, { name: "Free" });
    await toggle(a.owner, a.staff.userId, false);

    const newLead = await leadFormOptions(a.accountId);
    expect(newLead.members.map((m) => m.value)).toEqual(["", a.owner.userId]);
    const heldLead = await leadFormOptions(a.accountId, { assignedTo: a.staff.userId });
    expect(heldLead.members).toEqual([
      { value: "", label: "Unassigned" },
      { value: a.owner.userId, label: a.owner.name },
      { value: a.staff.userId, label: `${a.staff.name} (inactive)` },
    ]);

    const fields = (leadId: string, name: string) =>
      form({
        leadId,
        name,
        email: "",
        phone: "",
        status: "new",
        source: "",
        interest: "",
        budget: "",
        propertyId: "",
        assignedTo: a.staff.userId,
        tags: "",
        notes: "Saved",
        smsOptOutShown: "1",
      });
    const refused = await updateLeadForm(a.owner, fields(free.id, "Free"));
    expect(refused.fieldErrors).toEqual({ assignedTo: "This user is deactivated" });
    expect((await getPublicLeadOrThrow(a.accountId, free.id)).assignedTo).toBeNull();
    // The whole form saved with the assignee the lead already has.
    expect(await updateLeadForm(a.owner, fields(held.id, "Held"))).toMatchObject({ status: "success" });
    expect(await getPublicLeadOrThrow(a.accountId, held.id)).toMatchObject({
      assignedTo: a.staff.userId,
      notes: "Saved",
    });
    const [row] = await (
      await getDb()
    )
      .select({ active: memberships.active })
      .from(memberships)
      .where(and(eq(memberships.accountId, a.accountId), eq(memberships.userId, a.staff.userId)));
    expect(row.active).toBe(false);
  });
});
