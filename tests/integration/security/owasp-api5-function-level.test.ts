// OWASP API5:2023 Broken Function Level Authorization: the owner-only operations behind the
// settings server actions refuse staff and other accounts in the service itself, so calling an
// action directly (without the page that hides it) gains nothing.
import { NO_ORIGIN } from "@/lib/audit/request-origin";
import { beforeAll, describe, expect, it } from "vitest";
import { createAccount } from "@/lib/accounts/create-account";
import { getAccountOrThrow } from "@/lib/accounts/get-account";
import { updateAccountSettings } from "@/lib/accounts/update-account-settings";
import { createApiKeyAsOwner } from "@/lib/keys/create-api-key-as-owner";
import { listApiKeys } from "@/lib/keys/list-api-keys";
import { revokeApiKeyAsOwner } from "@/lib/keys/revoke-api-key-as-owner";
import { authorizeCredentials } from "@/lib/auth/authorize-credentials";
import { addTeamMember } from "@/lib/users/add-team-member";
import { addUserToAccount } from "@/lib/users/add-user-to-account";
import { findUserByEmail } from "@/lib/users/find-user-by-email";
import { listMembers } from "@/lib/users/list-members";
import { removeTeamMember } from "@/lib/users/remove-team-member";

const unique = () => Math.random().toString(36).slice(2, 10);
const settings = {
  name: "Renamed Realty",
  defaultCountry: "GB",
  currency: "GBP",
  plan: "agency" as const,
  timezone: "Europe/London",
  smsQuietHours: true,
  requireSmsConsent: false,
};

async function agencyWithStaff() {
  const owner = await createAccount({
    name: "Owner Realty",
    ownerName: "Olga Owner",
    email: `owner-${unique()}@x.test`,
    password: "owner-pass-1",
    plan: "agency",
  });
  const staffEmail = `staff-${unique()}@x.test`;
  const staff = await addUserToAccount({
    accountId: owner.accountId,
    email: staffEmail,
    name: "Stan Staff",
    password: "staff-pass-1",
    role: "staff",
  });
  return { accountId: owner.accountId, ownerId: owner.userId, staffId: staff.userId, staffEmail };
}

// A full-access key that never expires, created from no particular client.
const NEW_KEY = { origin: NO_ORIGIN, permissions: null, expiresAt: null };

describe(`owner-only services on ${process.env.TEST_DB_ENGINE ?? "postgres"}`, () => {
  let a: Awaited<ReturnType<typeof agencyWithStaff>>;
  let other: Awaited<ReturnType<typeof agencyWithStaff>>;
  // Opening (and on PGlite creating) the database is the hook's cost, not the first test's.
  beforeAll(async () => {
    a = await agencyWithStaff();
    other = await agencyWithStaff();
  });

  it("lets the owner change the account settings and refuses staff and outsiders", async () => {
    await expect(
      updateAccountSettings({ accountId: a.accountId, actorUserId: a.staffId, origin: NO_ORIGIN, settings }),
    ).rejects.toMatchObject({ code: "forbidden" });
    await expect(
      updateAccountSettings({ accountId: a.accountId, actorUserId: other.ownerId, origin: NO_ORIGIN, settings }),
    ).rejects.toMatchObject({ code: "forbidden" });
    expect((await getAccountOrThrow(a.accountId)).name).toBe("Owner Realty");
    await updateAccountSettings({ accountId: a.accountId, actorUserId: a.ownerId, origin: NO_ORIGIN, settings });
    expect(await getAccountOrThrow(a.accountId)).toMatchObject(settings);
  });

  it("validates settings in the service too", async () => {
    await expect(
      updateAccountSettings({
        accountId: a.accountId,
        actorUserId: a.ownerId,
        origin: NO_ORIGIN,
        settings: { ...settings, defaultCountry: "XX" },
      }),
    ).rejects.toThrow();
  });

  it("lets only the owner add staff, who can then sign in as staff", async () => {
    const member = { name: "New Hire", email: `hire-${unique()}@x.test`, password: "temporary-1" };
    await expect(
      addTeamMember({ accountId: a.accountId, actorUserId: a.staffId, origin: NO_ORIGIN, member }),
    ).rejects.toMatchObject({
      code: "forbidden",
    });
    const { userId } = await addTeamMember({
      accountId: a.accountId,
      actorUserId: a.ownerId,
      origin: NO_ORIGIN,
      member,
    });
    await expect(authorizeCredentials(member.email, member.password, NO_ORIGIN)).resolves.toMatchObject({
      id: userId,
      accountId: a.accountId,
      role: "staff",
    });
    await expect(
      addTeamMember({ accountId: a.accountId, actorUserId: a.ownerId, origin: NO_ORIGIN, member }),
    ).rejects.toMatchObject({
      code: "conflict",
    });
  });

  it("removes staff, but never oneself, the last owner or another account's member", async () => {
    const b = await agencyWithStaff();
    await expect(
      removeTeamMember({ accountId: b.accountId, actorUserId: b.staffId, origin: NO_ORIGIN, userId: b.ownerId }),
    ).rejects.toMatchObject({ code: "forbidden" });
    await expect(
      removeTeamMember({ accountId: b.accountId, actorUserId: b.ownerId, origin: NO_ORIGIN, userId: b.ownerId }),
    ).rejects.toMatchObject({ code: "forbidden" });
    await expect(
      removeTeamMember({ accountId: b.accountId, actorUserId: b.ownerId, origin: NO_ORIGIN, userId: other.staffId }),
    ).rejects.toMatchObject({ code: "not_found" });
    // A second owner may remove the first, but not when that leaves no owner.
    const second = await addUserToAccount({
      accountId: b.accountId,
      email: `second-${unique()}@x.test`,
      name: "Second Owner",
      password: "second-pass-1",
      role: "owner",
    });
    await removeTeamMember({
      accountId: b.accountId,
      actorUserId: second.userId,
      origin: NO_ORIGIN,
      userId: b.ownerId,
    });
    await removeTeamMember({
      accountId: b.accountId,
      actorUserId: second.userId,
      origin: NO_ORIGIN,
      userId: b.staffId,
    });
    expect((await listMembers(b.accountId)).map((m) => m.userId)).toEqual([second.userId]);
    // The removed login is gone: it cannot sign in, and the email can be added again.
    expect(await findUserByEmail(b.staffEmail)).toBeUndefined();
  });

  it("creates API keys for owners on the Agency plan only, and revokes within the account", async () => {
    await expect(
      createApiKeyAsOwner({ ...NEW_KEY, accountId: a.accountId, actorUserId: a.staffId, name: "Zapier" }),
    ).rejects.toMatchObject({ code: "forbidden" });
    await expect(
      createApiKeyAsOwner({ ...NEW_KEY, accountId: a.accountId, actorUserId: a.ownerId, name: "  " }),
    ).rejects.toThrow();
    const key = await createApiKeyAsOwner({
      ...NEW_KEY,
      accountId: a.accountId,
      actorUserId: a.ownerId,
      name: "Zapier",
    });
    expect(key.key).toMatch(/^lpm_/);
    await expect(
      revokeApiKeyAsOwner({ accountId: a.accountId, actorUserId: a.staffId, origin: NO_ORIGIN, keyId: key.id }),
    ).rejects.toMatchObject({ code: "forbidden" });
    await expect(
      revokeApiKeyAsOwner({ accountId: other.accountId, actorUserId: other.ownerId, origin: NO_ORIGIN, keyId: key.id }),
    ).rejects.toMatchObject({ code: "not_found" });
    await revokeApiKeyAsOwner({ accountId: a.accountId, actorUserId: a.ownerId, origin: NO_ORIGIN, keyId: key.id });
    const [listed] = await listApiKeys(a.accountId);
    expect(listed).toMatchObject({ id: key.id, status: "revoked", createdBy: "Olga Owner" });

    const starter = await createAccount({
      name: "Small",
      email: `starter-${unique()}@x.test`,
      password: "starter-pass",
      plan: "starter",
    });
    await expect(
      createApiKeyAsOwner({ ...NEW_KEY, accountId: starter.accountId, actorUserId: starter.userId, name: "Nope" }),
    ).rejects.toMatchObject({ code: "plan_required" });
  });
});
