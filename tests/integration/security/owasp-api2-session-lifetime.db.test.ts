import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { encode } from "next-auth/jwt";
import { getDb } from "@/db/client";
import { getAuthSecret } from "@/lib/auth/auth-secret";
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from "@/lib/auth/sessions/session-lifetime";
import { signOutEverywhere } from "@/lib/auth/sessions/sign-out-everywhere";
import { AuthBrowser } from "../../helpers/auth-browser";
import { auditEntries, ORIGIN } from "../audit/audit-fixtures";
import { newOwner } from "../auth/password-fixtures";

const DAY_MS = 24 * 60 * 60_000;

async function signedIn(owner: { email: string; password: string }, userAgent?: string): Promise<AuthBrowser> {
  const browser = new AuthBrowser(new Map(), userAgent);
  await browser.signIn(owner.email, owner.password);
  expect(browser.sessionCookie).toBeTruthy();
  return browser;
}

// OWASP API2:2023 Broken Authentication, the web sessions (issue 31, finding 6): the session
// cookie is a JWT, and before sessions had rows nothing could take one back. A copy kept after
// "Sign out" still opened every page, and GET /api/auth/session even answered it with a fresh
// 30-day cookie, so a stolen cookie lived for ever.
describe(`API2 web sessions end on the server (issue 31, finding 6; ${process.env.TEST_DB_ENGINE ?? "postgres"})`, () => {
  beforeAll(async () => {
    await getDb();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it("after sign-out, a saved copy of the cookie opens nothing and is not re-issued", async () => {
    const owner = await newOwner();
    const browser = await signedIn(owner);
    expect((await browser.session()).user).toMatchObject({ id: owner.userId, accountId: owner.accountId });
    const saved = browser.copy();

    await browser.signOut();
    expect(browser.sessionCookie).toBeUndefined();

    const replay = await saved.call("GET", "session");
    expect(replay.body).toEqual({});
    // No fresh cookie: the answer clears the one it was sent.
    expect(replay.setCookies.get("next-auth.session-token")).toBe("");
    expect((await saved.session()).user).toBeUndefined();
  });

  it("signing out one browser leaves the user's other browsers signed in", async () => {
    const owner = await newOwner();
    const laptop = await signedIn(owner, "Laptop/1.0");
    const phone = await signedIn(owner, "Phone/1.0");
    await laptop.signOut();
    expect((await phone.session()).user).toMatchObject({ id: owner.userId });
  });

  it("the rolling refresh never carries a session past its absolute end", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.now();
    const owner = await newOwner();
    const browser = await signedIn(owner);
    // In use every few days: each session read re-issues the cookie for another full lifetime.
    for (let day = 5; day * DAY_MS < SESSION_ABSOLUTE_MS; day += 5) {
      vi.setSystemTime(start + day * DAY_MS);
      expect((await browser.session()).user, `day ${day}`).toMatchObject({ id: owner.userId });
    }
    vi.setSystemTime(start + SESSION_ABSOLUTE_MS + 60_000);
    expect(await browser.session()).toEqual({});
  });

  it("a session unused for the idle limit has ended", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.now();
    const owner = await newOwner();
    const browser = await signedIn(owner);
    // A week's absence less a minute is not idle yet; the visit then starts the count again.
    vi.setSystemTime(start + SESSION_IDLE_MS - 60_000);
    expect((await browser.session()).user).toMatchObject({ id: owner.userId });
    // Kept alive by the visit above, then left for the whole idle limit.
    vi.setSystemTime(start + 2 * SESSION_IDLE_MS);
    expect(await browser.session()).toEqual({});
  });

  it("'Sign out everywhere' ends every browser's session and is in the audit log", async () => {
    const owner = await newOwner();
    const laptop = await signedIn(owner, "Laptop/1.0");
    const phone = await signedIn(owner, "Phone/1.0");
    await signOutEverywhere({ accountId: owner.accountId, userId: owner.userId, origin: ORIGIN });
    expect(await laptop.session()).toEqual({});
    expect(await phone.session()).toEqual({});
    const entry = (await auditEntries(owner.accountId)).find((e) => e.action === "sign_out.everywhere");
    expect(entry).toMatchObject({ actorId: owner.userId, ip: ORIGIN.ip, targetId: owner.userId });
    // A new sign-in afterwards works as ever.
    expect((await (await signedIn(owner)).session()).user).toMatchObject({ id: owner.userId });
  });

  it("a cookie naming no server-side session (forged with the secret, or older than sessions) opens nothing", async () => {
    const owner = await newOwner();
    const token = await encode({
      secret: getAuthSecret(),
      token: { userId: owner.userId, accountId: owner.accountId, role: "owner", email: owner.email, name: "Rita" },
    });
    const browser = new AuthBrowser(new Map([["next-auth.session-token", token]]));
    expect(await browser.session()).toEqual({});
  });
});
