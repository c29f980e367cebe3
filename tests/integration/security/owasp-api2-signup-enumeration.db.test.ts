import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { count, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { users } from "@/db/schema";
import { finishSignupAction, signUpAction } from "@/app/(auth)/signup/actions";
import { SIGNUP_LINK_TTL_MS } from "@/lib/accounts/signup-link";
import { authorizeCredentials } from "@/lib/auth/authorize-credentials";
import { MAX_SIGNUP_MAILS_PER_EMAIL, MAX_SIGNUPS_PER_ADDRESS } from "@/lib/auth/signup-throttle";
import { peerStamp } from "@/lib/observability/peer-address-stamp";
import { IDLE, type FormState } from "@/components/ui/form-state";
import { mailsTo, newOwner, originFor, unique } from "../auth/password-fixtures";

// The signup action runs as under Next: its request headers, and after() holding the work that
// follows the answer, so a test can look at the answer before that work has run.
const request = vi.hoisted(() => ({ headers: new Headers(), deferred: [] as Array<() => Promise<void>> }));
vi.mock("next/headers", () => ({ headers: async () => request.headers }));
vi.mock("next/server", async (original) => ({
  ...(await original<object>()),
  after: (task: () => Promise<void>) => request.deferred.push(task),
}));

async function runDeferred(): Promise<void> {
  for (const task of request.deferred.splice(0)) await task();
}

// As the server stamps a request from its socket (peer-address-stamp.ts): the client's address.
const fromAddress = (ip: string) => {
  const [name, value] = peerStamp({ address: ip, forwarded: false, client: ip });
  request.headers = new Headers({ host: "app.test", [name]: value, "user-agent": "SignupTest/1.0" });
};

const signupForm = (email: string) => {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    agencyName: "Probe Realty",
    name: "Pat Probe",
    email,
    plan: "agency",
    timezone: "Europe/Paris",
  })) {
    form.set(name, value);
  }
  return form;
};

const signUp = (email: string): Promise<FormState> => signUpAction(IDLE, signupForm(email));

async function usersWithEmail(email: string): Promise<number> {
  const [{ n }] = await (await getDb()).select({ n: count() }).from(users).where(eq(users.email, email));
  return n;
}

/** The token of the newest signup link mailed to `to`. */
async function signupToken(to: string): Promise<string> {
  const match = /\/signup\/finish\?token=([A-Za-z0-9._-]+)/.exec((await mailsTo(to))[0]?.text ?? "");
  if (!match) throw new Error("no signup link in the mail");
  return match[1];
}

const finishForm = (token: string, password: string) => {
  const form = new FormData();
  form.set("token", token);
  form.set("password", password);
  form.set("confirmPassword", password);
  return form;
};

// OWASP API2:2023 Broken Authentication (issue 31, finding 13): the signup form said "A user with
// this email already exists" to anyone who typed an email with a login, as often as asked, which
// made it a directory of the customers' staff. It now answers every email alike, says the rest in
// a mail only the inbox's owner reads, and is throttled per address and per email.
describe(`API2 signup does not tell which emails have a login (issue 31, finding 13; ${process.env.TEST_DB_ENGINE ?? "postgres"})`, () => {
  beforeAll(async () => {
    await getDb();
  });

  beforeEach(() => {
    request.deferred.length = 0;
    fromAddress(originFor().ip!);
  });

  it("answers an email with a login exactly as a new one, before looking either up", async () => {
    const owner = await newOwner();
    const fresh = `fresh-${unique()}@x.test`;

    const known = await signUp(owner.email);
    const unknown = await signUp(fresh);
    // Same words; only the email typed is echoed. Nothing is looked up or sent before the answer.
    expect(known).toEqual({ status: "success", values: { email: owner.email } });
    expect(unknown).toEqual({ status: "success", values: { email: fresh } });
    expect(await mailsTo(owner.email)).toHaveLength(0);
    expect(await usersWithEmail(fresh)).toBe(0);

    await runDeferred();
    // The mail tells the inbox's owner which case it was; the account with a login is untouched.
    expect((await mailsTo(owner.email))[0]).toMatchObject({ subject: "You already have a LeadProp login" });
    expect((await mailsTo(fresh))[0]).toMatchObject({ subject: "Finish creating your LeadProp account" });
    await expect(authorizeCredentials(owner.email, owner.password, originFor())).resolves.toMatchObject({
      id: owner.userId,
    });
    // No account until the link is used.
    expect(await usersWithEmail(fresh)).toBe(0);
  });

  it("the mailed link creates the account once, with the password chosen there", async () => {
    const email = `finish-${unique()}@x.test`;
    await signUp(email);
    await runDeferred();
    const token = await signupToken(email);

    expect(await finishSignupAction(IDLE, finishForm(token, "chosen-pass-1"))).toEqual({
      status: "success",
      values: { email },
    });
    await expect(authorizeCredentials(email, "chosen-pass-1", originFor())).resolves.toMatchObject({
      accountId: expect.any(String),
      role: "owner",
    });
    // Used again (by whoever has the mail): the email is taken now, and nothing else happens.
    expect(await finishSignupAction(IDLE, finishForm(token, "other-pass-1"))).toMatchObject({
      status: "error",
      message: "This email has a LeadProp login already: sign in instead.",
    });
    expect(await usersWithEmail(email)).toBe(1);
  });

  it("refuses an altered or expired link", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const email = `expired-${unique()}@x.test`;
      await signUp(email);
      await runDeferred();
      const token = await signupToken(email);
      const altered = token.slice(0, -2) + (token.endsWith("A") ? "BB" : "AA");
      expect(await finishSignupAction(IDLE, finishForm(altered, "chosen-pass-1"))).toMatchObject({ status: "error" });
      vi.setSystemTime(Date.now() + SIGNUP_LINK_TTL_MS + 1_000);
      expect(await finishSignupAction(IDLE, finishForm(token, "chosen-pass-1"))).toMatchObject({
        status: "error",
        message: expect.stringContaining("not valid or has expired"),
      });
      expect(await usersWithEmail(email)).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it("throttles signups per address (said) and mails per email (silently, alike for every email)", async () => {
    const owner = await newOwner();
    // One email, from many addresses: a few mails an hour, then the same answer and no mail.
    for (let i = 0; i < MAX_SIGNUP_MAILS_PER_EMAIL + 2; i++) {
      fromAddress(originFor().ip!);
      expect(await signUp(owner.email)).toMatchObject({ status: "success" });
    }
    await runDeferred();
    expect(await mailsTo(owner.email)).toHaveLength(MAX_SIGNUP_MAILS_PER_EMAIL);

    // One address, many emails: then refused, whatever the email.
    fromAddress(originFor().ip!);
    for (let i = 0; i < MAX_SIGNUPS_PER_ADDRESS; i++) {
      expect(await signUp(`sweep-${i}-${unique()}@x.test`)).toMatchObject({ status: "success" });
    }
    const refused = await signUp(`sweep-last-${unique()}@x.test`);
    expect(refused).toMatchObject({ status: "error", message: expect.stringContaining("Too many sign-ups") });
  });
});
