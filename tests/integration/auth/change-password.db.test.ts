import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { authorizeCredentials } from "@/lib/auth/authorize-credentials";
import { changePassword } from "@/lib/auth/change-password";
import { getLoginLockedUntil, MAX_FAILED_ATTEMPTS } from "@/lib/auth/login-throttle";
import { sessionIsLive } from "@/lib/auth/sessions/session-is-live";
import { INVALID_CREDENTIALS } from "@/lib/auth/sign-in-codes";
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

describe(`change password on ${process.env.TEST_DB_ENGINE ?? "postgres"}`, () => {
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
});
