// OWASP API5:2023 Broken Function Level Authorization: the owner-only operations behind the
// settings server actions refuse staff and other accounts in the service itself, or in the
// action's role option (formAction reads the role from the database), so calling an action
// directly (without the page that hides it) gains nothing.
import { UNKNOWN_CLIENT } from "@/lib/audit/request-client";
import { beforeAll, describe, expect, it } from "vitest";
import { createAccount } from "@/lib/accounts/create-account";
import { getAccountOrThrow } from "@/lib/accounts/get-account";
import { updateAccountSettings } from "@/lib/accounts/update-account-settings";
import { createApiKeyAction, revokeApiKeyAction } from "@/app/(app)/settings/api/actions";
import { listApiKeys } from "@/lib/keys/list-api-keys";
import { authorizeCredentials } from "@/lib/auth/authorize-credentials";
import { createInvite } from "@/lib/invites/create-invite";
import { addUserToAccount } from "@/lib/users/add-user-to-account";
import { getMember } from "@/lib/users/get-member";
import { findUserByEmail } from "@/lib/users/find-user-by-email";
import { listMembers } from "@/lib/users/list-members";
import { removeTeamMember } from "@/lib/users/remove-team-member";
import { INVITE_BASE_URL, joinByInvite } from "../invites/invite-fixtures";

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

const memberOf = async (accountId: string, userId: string) => (await getMember(accountId, userId))!;

// Settings → Public API's forms as the browser sends them: a full-access key that never expires.
const createKey = async (accountId: string, userId: string, name: string) =>
  createApiKeyAction.run(
    await memberOf(accountId, userId),
    formOf({ name, preset: "full_access", expiry: "never" }),
    UNKNOWN_CLIENT,
  );
const revokeKey = async (accountId: string, userId: string, keyId: string) =>
  revokeApiKeyAction.run(await memberOf(accountId, userId), formOf({ keyId }), UNKNOWN_CLIENT);

function formOf(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

const FORBIDDEN = { status: "error", message: "Only account owners can do this." };

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
      updateAccountSettings({ accountId: a.accountId, actorUserId: a.staffId, origin: UNKNOWN_CLIENT, settings }),
    ).rejects.toMatchObject({ code: "forbidden" });
    await expect(
      updateAccountSettings({ accountId: a.accountId, actorUserId: other.ownerId, origin: UNKNOWN_CLIENT, settings }),
    ).rejects.toMatchObject({ code: "forbidden" });
    expect((await getAccountOrThrow(a.accountId)).name).toBe("Owner Realty");
    await updateAccountSettings({ accountId: a.accountId, actorUserId: a.ownerId, origin: UNKNOWN_CLIENT, settings });
    expect(await getAccountOrThrow(a.accountId)).toMatchObject(settings);
  });

  it("validates settings in the service too", async () => {
    await expect(
      updateAccountSettings({
        accountId: a.accountId,
        actorUserId: a.ownerId,
        origin: UNKNOWN_CLIENT,
        settings: { ...settings, defaultCountry: "XX" },
      }),
    ).rejects.toThrow();
  });

  it("lets only the owner invite staff, who can then sign in as staff", async () => {
    const member = { name: "New Hire", email: `hire-${unique()}@x.test`, password: "my-own-pass-1" };
    await expect(
      createInvite({
        accountId: a.accountId,
        actorUserId: a.staffId,
        origin: UNKNOWN_CLIENT,
        invite: { email: member.email, role: "owner" },
        baseUrl: INVITE_BASE_URL,
      }),
    ).rejects.toMatchObject({ code: "forbidden" });
    const { userId } = await joinByInvite({ accountId: a.accountId, ownerUserId: a.ownerId, ...member });
    await expect(authorizeCredentials(member.email, member.password, UNKNOWN_CLIENT)).resolves.toMatchObject({
      id: userId,
      accountId: a.accountId,
      role: "staff",
    });
    await expect(joinByInvite({ accountId: a.accountId, ownerUserId: a.ownerId, ...member })).rejects.toMatchObject({
      code: "conflict",
    });
  });

  it("removes staff, but never oneself, the last owner or another account's member", async () => {
    const b = await agencyWithStaff();
    await expect(
      removeTeamMember({ accountId: b.accountId, actorUserId: b.staffId, origin: UNKNOWN_CLIENT, userId: b.ownerId }),
    ).rejects.toMatchObject({ code: "forbidden" });
    await expect(
      removeTeamMember({ accountId: b.accountId, actorUserId: b.ownerId, origin: UNKNOWN_CLIENT, userId: b.ownerId }),
    ).rejects.toMatchObject({ code: "forbidden" });
    await expect(
      removeTeamMember({
        accountId: b.accountId,
        actorUserId: b.ownerId,
        origin: UNKNOWN_CLIENT,
        userId: other.staffId,
      }),
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
      origin: UNKNOWN_CLIENT,
      userId: b.ownerId,
    });
    await removeTeamMember({
      accountId: b.accountId,
      actorUserId: second.userId,
      origin: UNKNOWN_CLIENT,
      userId: b.staffId,
    });
    expect((await listMembers(b.accountId)).map((m) => m.userId)).toEqual([second.userId]);
    // The removed login is gone: it cannot sign in, and the email can be added again.
    expect(await findUserByEmail(b.staffEmail)).toBeUndefined();
  });

  it("creates API keys for owners on the Agency plan only, and revokes within the account", async () => {
    expect(await createKey(a.accountId, a.staffId, "Zapier")).toMatchObject(FORBIDDEN);
    expect(await createKey(a.accountId, a.ownerId, "  ")).toMatchObject({
      status: "error",
      fieldErrors: { name: expect.any(String) },
    });
    const key = (await createKey(a.accountId, a.ownerId, "Zapier")).createdKey!;
    expect(key.key).toMatch(/^lpm_/);
    expect(await revokeKey(a.accountId, a.staffId, key.id)).toMatchObject(FORBIDDEN);
    expect(await revokeKey(other.accountId, other.ownerId, key.id)).toMatchObject({
      status: "error",
      message: "API key not found.",
    });
    expect(await revokeKey(a.accountId, a.ownerId, key.id)).toEqual({ status: "success" });
    const [listed] = await listApiKeys(a.accountId);
    expect(listed).toMatchObject({ id: key.id, status: "revoked", createdBy: "Olga Owner" });

    const starter = await createAccount({
      name: "Small",
      email: `starter-${unique()}@x.test`,
      password: "starter-pass",
      plan: "starter",
    });
    expect(await createKey(starter.accountId, starter.userId, "Nope")).toMatchObject({
      status: "error",
      message: "The Public API is available on the Agency plan.",
    });
  });
});
