import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { createAccount } from "@/lib/accounts/create-account";
import { authorizeCredentials } from "@/lib/auth/authorize-credentials";
import { NO_ORIGIN } from "@/lib/audit/request-origin";
import { getLoginLockedUntil, LOCK_DURATION_MS, MAX_FAILED_ATTEMPTS } from "@/lib/auth/login-throttle";
import { INVALID_CREDENTIALS, LOCKED_PREFIX } from "@/lib/auth/sign-in-codes";

const unique = () => Math.random().toString(36).slice(2, 10);
const MINUTE = 60_000;

async function newOwner() {
  const email = `throttle-${unique()}@x.test`;
  const password = "right-password-1";
  const account = await createAccount({ name: "Throttle Realty", email, password, plan: "agency" });
  return { email, password, ...account };
}

/** Fails `n` sign-ins one second apart from `start`; returns the error codes. */
async function failSignIns(email: string, n: number, start: number): Promise<string[]> {
  const codes: string[] = [];
  for (let i = 0; i < n; i++) {
    const error = await authorizeCredentials(email, "wrong-password", NO_ORIGIN, new Date(start + i * 1000)).catch(
      (e: Error) => e,
    );
    codes.push((error as Error).message);
  }
  return codes;
}

describe(`sign-in and its throttle on ${process.env.TEST_DB_ENGINE ?? "postgres"}`, () => {
  // Opening (and on PGlite creating) the database is the hook's cost, not the first test's.
  beforeAll(async () => {
    await getDb();
  });

  it("signs in with the right password and carries the account and role", async () => {
    const owner = await newOwner();
    const user = await authorizeCredentials(` ${owner.email.toUpperCase()} `, owner.password, NO_ORIGIN);
    expect(user).toMatchObject({ id: owner.userId, accountId: owner.accountId, role: "owner", email: owner.email });
  });

  it("gives the same answer for a wrong password and an unknown email", async () => {
    const owner = await newOwner();
    await expect(authorizeCredentials(owner.email, "nope-nope", NO_ORIGIN)).rejects.toThrow(INVALID_CREDENTIALS);
    await expect(authorizeCredentials(`nobody-${unique()}@x.test`, "nope-nope", NO_ORIGIN)).rejects.toThrow(
      INVALID_CREDENTIALS,
    );
  });

  it("locks an email for 15 minutes after 10 failures within 15 minutes, even with the right password", async () => {
    const owner = await newOwner();
    const start = Date.now() - 2 * MINUTE;
    const codes = await failSignIns(owner.email, MAX_FAILED_ATTEMPTS, start);
    expect(codes.slice(0, MAX_FAILED_ATTEMPTS - 1).every((c) => c === INVALID_CREDENTIALS)).toBe(true);
    // The 10th failure already says the email is locked.
    expect(codes[MAX_FAILED_ATTEMPTS - 1]).toMatch(new RegExp(`^${LOCKED_PREFIX}\\d+$`));
    const tenth = start + (MAX_FAILED_ATTEMPTS - 1) * 1000;
    await expect(authorizeCredentials(owner.email, owner.password, NO_ORIGIN)).rejects.toThrow(LOCKED_PREFIX);
    const lockedUntil = await getLoginLockedUntil(owner.email);
    expect(lockedUntil?.getTime()).toBe(tenth + LOCK_DURATION_MS);
    // Refused attempts during the lock do not extend it.
    const later = new Date(tenth + LOCK_DURATION_MS - 1000);
    await expect(authorizeCredentials(owner.email, "wrong-password", NO_ORIGIN, later)).rejects.toThrow(LOCKED_PREFIX);
    expect((await getLoginLockedUntil(owner.email, later))?.getTime()).toBe(tenth + LOCK_DURATION_MS);
    // 15 minutes after the 10th failure the right password works again.
    const after = new Date(tenth + LOCK_DURATION_MS + 1000);
    await expect(authorizeCredentials(owner.email, owner.password, NO_ORIGIN, after)).resolves.toMatchObject({
      id: owner.userId,
    });
  });

  it("does not lock when the failures are spread over more than 15 minutes", async () => {
    const owner = await newOwner();
    const start = Date.now() - 20 * MINUTE;
    for (let i = 0; i < MAX_FAILED_ATTEMPTS; i++) {
      await authorizeCredentials(owner.email, "wrong-password", NO_ORIGIN, new Date(start + i * 2 * MINUTE)).catch(
        () => {},
      );
    }
    expect(await getLoginLockedUntil(owner.email)).toBeNull();
  });

  it("starts counting afresh after a successful sign-in", async () => {
    const owner = await newOwner();
    const start = Date.now() - MINUTE;
    await failSignIns(owner.email, MAX_FAILED_ATTEMPTS - 1, start);
    await authorizeCredentials(owner.email, owner.password, NO_ORIGIN, new Date(start + 20_000));
    const codes = await failSignIns(owner.email, 1, start + 30_000);
    expect(codes).toEqual([INVALID_CREDENTIALS]);
  });

  it("locks unknown emails too, so the lock does not reveal who has an account", async () => {
    const email = `ghost-${unique()}@x.test`;
    const codes = await failSignIns(email, MAX_FAILED_ATTEMPTS, Date.now() - MINUTE);
    expect(codes.at(-1)).toMatch(LOCKED_PREFIX);
  });
});
