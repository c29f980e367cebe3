import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { authorizeCredentials } from "@/lib/auth/authorize-credentials";
import { changePassword } from "@/lib/auth/change-password";
import { getLoginLockedUntil, MAX_FAILED_ATTEMPTS } from "@/lib/auth/login-throttle";
import { sessionIsLive } from "@/lib/auth/sessions/session-is-live";
import { resetPassword } from "@/lib/auth/reset-password";
import { INVALID_CREDENTIALS } from "@/lib/auth/sign-in-codes";
import { addTeamMember } from "@/lib/users/add-team-member";
import { addUserToAccount } from "@/lib/users/add-user-to-account";
import { getMember } from "@/lib/users/get-member";
import { listMembers } from "@/lib/users/list-members";
import { auditEntries } from "../audit/audit-fixtures";
import { newOwner, originFor, outstandingTokens, requestToken, unique } from "./password-fixtures";

/** Whether the server-side session of a sign-in still stands (what every page's session read checks). */
const isLive = (signIn: { id: string; sessionId: string }) =>
  sessionIsLive({ sessionId: signIn.sessionId, userId: signIn.id });

const form = (currentPassword: string, newPassword: string, confirmPassword = newPassword) => ({
  currentPassword,
  newPassword,
  confirmPassword,
});

describe(`change password and temporary passwords on ${process.env.TEST_DB_ENGINE ?? "postgres"}`, () => {
  beforeAll(async () => {
    await getDb();
  });

  it("changes the password with the current one, signs out older sessions and voids reset links", async () => {
    const owner = await newOwner();
    const session = await authorizeCredentials(owner.email, owner.password, originFor());
    expect(await isLive(session)).toBe(true);
    await requestToken(owner.email);
    const newPassword = `changed-${unique()}`;
    await changePassword({ ...owner, origin: originFor(), form: form(owner.password, newPassword) });

    // The session signed in before the change is over; a new sign-in with the new password works.
    expect(await isLive(session)).toBe(false);
    await expect(authorizeCredentials(owner.email, owner.password, originFor())).rejects.toThrow(INVALID_CREDENTIALS);
    const fresh = await authorizeCredentials(owner.email, newPassword, originFor());
    expect(await isLive(fresh)).toBe(true);
    expect(await outstandingTokens(owner.userId)).toEqual([]);
    const changed = (await auditEntries(owner.accountId)).filter((entry) => entry.action === "password.changed");
    expect(changed).toHaveLength(1);
    expect(JSON.stringify(changed[0])).not.toContain(newPassword);
  });

  it("refuses a wrong current password (counted as a failed sign-in), a mismatch and the same password", async () => {
    const owner = await newOwner();
    const origin = originFor();
    await expect(
      changePassword({ ...owner, origin, form: form("not-my-password", "new-password-1") }),
    ).rejects.toMatchObject({ code: "validation_error", details: [{ path: "currentPassword" }] });
    await expect(
      changePassword({ ...owner, origin, form: form(owner.password, "new-password-1", "new-password-2") }),
    ).rejects.toThrow("The two passwords do not match.");
    await expect(changePassword({ ...owner, origin, form: form(owner.password, "short") })).rejects.toThrow(
      "Use at least 8 characters.",
    );
    await expect(
      changePassword({ ...owner, origin, form: form(owner.password, owner.password) }),
    ).rejects.toMatchObject({ details: [{ path: "newPassword" }] });
    await expect(authorizeCredentials(owner.email, owner.password, originFor())).resolves.toBeDefined();

    // Guessing through this form runs into the sign-in throttle.
    for (let i = 0; i < MAX_FAILED_ATTEMPTS; i++) {
      await changePassword({ ...owner, origin, form: form(`guess-${i}-wrong`, "new-password-1") }).catch(() => {});
    }
    expect(await getLoginLockedUntil(owner.email)).not.toBeNull();
    await expect(
      changePassword({ ...owner, origin, form: form(owner.password, "new-password-1") }),
    ).rejects.toMatchObject({ code: "rate_limited" });
  });

  it("makes a member added with a temporary password change it before anything else", async () => {
    const owner = await newOwner();
    const temporary = `temporary-${unique()}`;
    const email = `new-staff-${unique()}@x.test`;
    const { userId } = await addTeamMember({
      accountId: owner.accountId,
      actorUserId: owner.userId,
      origin: originFor(),
      member: { name: "Tess Temp", email, password: temporary },
    });
    // The team page shows it is still the temporary one.
    const flagOf = async () =>
      (await listMembers(owner.accountId)).find((m) => m.userId === userId)?.mustChangePassword;
    expect(await flagOf()).toBe(true);
    // They can sign in with it, but are flagged until they choose their own.
    const session = await authorizeCredentials(email, temporary, originFor());
    expect(await isLive(session)).toBe(true);
    expect(await getMember(owner.accountId, userId)).toMatchObject({ mustChangePassword: true, role: "staff" });
    const own = `my-own-${unique()}`;
    await changePassword({ accountId: owner.accountId, userId, origin: originFor(), form: form(temporary, own) });
    expect(await getMember(owner.accountId, userId)).toMatchObject({ mustChangePassword: false });
    expect(await flagOf()).toBe(false);
    await expect(authorizeCredentials(email, temporary, originFor())).rejects.toThrow(INVALID_CREDENTIALS);
    await expect(authorizeCredentials(email, own, originFor())).resolves.toMatchObject({ id: userId });

    // The account's own owner (signup) and members made by the CLI keep the password they have.
    expect(await getMember(owner.accountId, owner.userId)).toMatchObject({ mustChangePassword: false });
    const byCli = await addUserToAccount({
      accountId: owner.accountId,
      email: `cli-${unique()}@x.test`,
      name: "Cli User",
      password: "cli-password-1",
      role: "staff",
    });
    expect(await getMember(owner.accountId, byCli.userId)).toMatchObject({ mustChangePassword: false });
  });

  it("a reset also ends the temporary password", async () => {
    const owner = await newOwner();
    const email = `temp-reset-${unique()}@x.test`;
    const { userId } = await addTeamMember({
      accountId: owner.accountId,
      actorUserId: owner.userId,
      origin: originFor(),
      member: { name: "Rory Reset", email, password: "temporary-pass-1" },
    });
    const token = await requestToken(email);
    await resetPassword({ token, password: "chosen-by-me-1", origin: originFor() });
    expect(await getMember(owner.accountId, userId)).toMatchObject({ mustChangePassword: false });
  });
});
