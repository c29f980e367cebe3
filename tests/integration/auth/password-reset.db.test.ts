import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { passwordResetRequests, passwordResetTokens, users } from "@/db/schema";
import { authorizeCredentials } from "@/lib/auth/authorize-credentials";
import { getLoginLockedUntil, MAX_FAILED_ATTEMPTS } from "@/lib/auth/login-throttle";
import { MAX_MAILS_PER_EMAIL, MAX_REQUESTS_PER_IP } from "@/lib/auth/password-reset-throttle";
import { requestPasswordReset } from "@/lib/auth/request-password-reset";
import { findResetTokenLogin, INVALID_RESET_LINK, resetPassword } from "@/lib/auth/reset-password";
import { hashResetToken } from "@/lib/auth/reset-token";
import { sessionIsLive } from "@/lib/auth/sessions/session-is-live";
import { INVALID_CREDENTIALS } from "@/lib/auth/sign-in-codes";
import { auditEntries } from "../audit/audit-fixtures";
import { BASE_URL, mailsTo, newOwner, originFor, outstandingTokens, requestToken, unique } from "./password-fixtures";

const MINUTE = 60_000;

describe(`password reset on ${process.env.TEST_DB_ENGINE ?? "postgres"}`, () => {
  beforeAll(async () => {
    await getDb();
  });

  it("mails a one-hour link whose token is stored only as its SHA-256", async () => {
    const owner = await newOwner();
    const now = new Date();
    const token = await requestToken(owner.email.toUpperCase(), now);
    const [mail] = await mailsTo(owner.email);
    expect(mail.subject).toBe("Reset your LeadProp password");
    expect(mail.text).toContain(`${BASE_URL}/reset-password?token=${token}`);
    expect(mail.text).toContain("60 minutes");
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const db = await getDb();
    const [row] = await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, owner.userId));
    expect(row.tokenHash).toBe(hashResetToken(token));
    expect(row.tokenHash).not.toContain(token);
    expect(row.expiresAt.getTime()).toBe(now.getTime() + 60 * MINUTE);
    expect(await findResetTokenLogin(token)).toEqual({ userId: owner.userId, email: owner.email });
  });

  it("sets the new password once: the old one and the used link are refused after", async () => {
    const owner = await newOwner();
    const token = await requestToken(owner.email);
    const newPassword = `new-pass-${unique()}`;
    await expect(resetPassword({ token, password: newPassword, origin: originFor() })).resolves.toEqual({
      email: owner.email,
    });

    await expect(authorizeCredentials(owner.email, owner.password, originFor())).rejects.toThrow(INVALID_CREDENTIALS);
    await expect(authorizeCredentials(owner.email, newPassword, originFor())).resolves.toMatchObject({
      id: owner.userId,
    });
    // Single use: the same link again, even with another password, changes nothing.
    await expect(resetPassword({ token, password: "another-pass-1", origin: originFor() })).rejects.toThrow(
      INVALID_RESET_LINK,
    );
    expect(await findResetTokenLogin(token)).toBeNull();
    await expect(authorizeCredentials(owner.email, newPassword, originFor())).resolves.toBeDefined();
  });

  it("refuses an expired link, an unknown one and a weak password", async () => {
    const owner = await newOwner();
    const issued = new Date(Date.now() - 61 * MINUTE);
    const token = await requestToken(owner.email, issued);
    expect(await findResetTokenLogin(token)).toBeNull();
    expect(await findResetTokenLogin(token, new Date(issued.getTime() + 59 * MINUTE))).not.toBeNull();
    await expect(resetPassword({ token, password: "new-pass-123", origin: originFor() })).rejects.toThrow(
      INVALID_RESET_LINK,
    );
    await expect(
      resetPassword({ token: "not-a-token-anyone-was-given", password: "new-pass-123", origin: originFor() }),
    ).rejects.toThrow(INVALID_RESET_LINK);

    const fresh = await requestToken(owner.email);
    await expect(resetPassword({ token: fresh, password: "short", origin: originFor() })).rejects.toThrow(
      "Use at least 8 characters.",
    );
    // A refused password did not use the link up.
    expect(await findResetTokenLogin(fresh)).not.toBeNull();
    await expect(authorizeCredentials(owner.email, owner.password, originFor())).resolves.toBeDefined();
  });

  it("voids every other outstanding link, signs out older sessions and ends a sign-in lock", async () => {
    const owner = await newOwner();
    const before = await authorizeCredentials(owner.email, owner.password, originFor());
    const first = await requestToken(owner.email);
    const second = await requestToken(owner.email);
    expect(await outstandingTokens(owner.userId)).toHaveLength(2);
    for (let i = 0; i < MAX_FAILED_ATTEMPTS; i++) {
      await authorizeCredentials(owner.email, "wrong-password", originFor()).catch(() => {});
    }
    expect(await getLoginLockedUntil(owner.email)).not.toBeNull();

    await resetPassword({ token: second, password: "brand-new-pass", origin: originFor() });
    expect(await outstandingTokens(owner.userId)).toEqual([]);
    await expect(resetPassword({ token: first, password: "other-new-pass", origin: originFor() })).rejects.toThrow(
      INVALID_RESET_LINK,
    );
    expect(await sessionIsLive({ sessionId: before.sessionId, userId: owner.userId })).toBe(false);
    expect(await getLoginLockedUntil(owner.email)).toBeNull();
    const after = await authorizeCredentials(owner.email, "brand-new-pass", originFor());
    expect(await sessionIsLive({ sessionId: after.sessionId, userId: owner.userId })).toBe(true);
  });

  it("answers an unknown email exactly as a known one, and keeps no token or mail for it", async () => {
    const owner = await newOwner();
    const unknown = `nobody-${unique()}@x.test`;
    const known = await requestPasswordReset({ email: owner.email, origin: originFor(), baseUrl: BASE_URL });
    const stranger = await requestPasswordReset({ email: unknown, origin: originFor(), baseUrl: BASE_URL });
    expect(stranger).toBe(known);
    expect(await mailsTo(unknown)).toEqual([]);
    expect(await mailsTo(owner.email)).toHaveLength(1);
    // The unknown email is counted by the throttle like any other.
    const db = await getDb();
    expect(await db.select().from(passwordResetRequests).where(eq(passwordResetRequests.email, unknown))).toHaveLength(
      1,
    );
  });

  it("sends at most 3 mails an hour to one email, silently, and refuses a flood from one address", async () => {
    const owner = await newOwner();
    const start = new Date();
    const origin = originFor();
    const outcomes = [];
    for (let i = 0; i < MAX_MAILS_PER_EMAIL + 2; i++) {
      outcomes.push(
        await requestPasswordReset({
          email: owner.email,
          origin,
          baseUrl: BASE_URL,
          now: new Date(start.getTime() + i * 1000),
        }),
      );
    }
    expect(outcomes.every((outcome) => outcome === "accepted")).toBe(true);
    expect(await mailsTo(owner.email)).toHaveLength(MAX_MAILS_PER_EMAIL);
    // An hour later, mail flows again.
    await requestToken(owner.email, new Date(start.getTime() + 61 * MINUTE));

    const flooder = originFor();
    const answers = [];
    for (let i = 0; i < MAX_REQUESTS_PER_IP + 1; i++) {
      answers.push(
        await requestPasswordReset({ email: `flood-${unique()}@x.test`, origin: flooder, baseUrl: BASE_URL }),
      );
    }
    expect(answers.slice(0, MAX_REQUESTS_PER_IP).every((answer) => answer === "accepted")).toBe(true);
    expect(answers[MAX_REQUESTS_PER_IP]).toBe("ip_throttled");
    // Refused whatever the email, a known one included: the refusal tells nothing about it.
    const other = await newOwner();
    await expect(requestPasswordReset({ email: other.email, origin: flooder, baseUrl: BASE_URL })).resolves.toBe(
      "ip_throttled",
    );
    expect(await mailsTo(other.email)).toEqual([]);
  });

  it("audits the request and the reset without the token or the password", async () => {
    const owner = await newOwner();
    const origin = originFor();
    const token = await requestToken(owner.email, new Date(), origin);
    const newPassword = `audited-pass-${unique()}`;
    await resetPassword({ token, password: newPassword, origin });
    const entries = (await auditEntries(owner.accountId)).filter((entry) => entry.action.startsWith("password."));
    expect(entries.map((entry) => entry.action)).toEqual(["password.reset_requested", "password.reset_completed"]);
    for (const entry of entries) {
      expect(entry).toMatchObject({ actorId: owner.userId, targetId: owner.userId, ip: origin.ip, changes: {} });
      const json = JSON.stringify(entry);
      expect(json).not.toContain(token);
      expect(json).not.toContain(hashResetToken(token));
      expect(json).not.toContain(newPassword);
    }
    // Nothing of the reset is in the user's row but the new hash.
    const db = await getDb();
    const [user] = await db.select().from(users).where(eq(users.id, owner.userId));
    expect(JSON.stringify(user)).not.toContain(newPassword);
  });
});
