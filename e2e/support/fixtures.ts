import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect, request, test as base, type BrowserContext, type Page } from "@playwright/test";
import { e2eServerUrl } from "./servers";

export { expect };

export interface Login {
  email: string;
  password: string;
}

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

// Signs in through next-auth's own endpoints (CSRF token, then the credentials callback) and
// keeps the cookies: a stored login, made once per email per worker, instead of typing the
// form in every test. The sign-in form itself is covered by auth.spec.ts.
const stored = new Map<string, Promise<StorageState>>();

export async function signInThroughApi(
  baseURL: string,
  login: Login,
): Promise<{ status: number; error: string | null; state: StorageState }> {
  const context = await request.newContext({ baseURL });
  try {
    const { csrfToken } = (await (await context.get("/api/auth/csrf")).json()) as { csrfToken: string };
    const response = await context.post("/api/auth/callback/credentials", {
      form: { csrfToken, email: login.email, password: login.password, json: "true" },
    });
    const { url } = (await response.json()) as { url: string };
    return {
      status: response.status(),
      error: new URL(url).searchParams.get("error"),
      state: await context.storageState(),
    };
  } finally {
    await context.dispose();
  }
}

function storageStateFor(baseURL: string, login: Login): Promise<StorageState> {
  let state = stored.get(login.email);
  if (!state) {
    state = signInThroughApi(baseURL, login).then((result) => {
      if (result.error) throw new Error(`stored login for ${login.email} failed: ${result.error}`);
      return result.state;
    });
    stored.set(login.email, state);
  }
  return state;
}

export const test = base.extend<{ pageAs: (login: Login) => Promise<Page> }>({
  // This worker's own server (support/servers.ts): `page`, `request` and every context use it.
  baseURL: async ({}, provide, testInfo) => provide(e2eServerUrl(testInfo.parallelIndex)),
  // A page in its own browser context, signed in as `login`.
  pageAs: async ({ browser, baseURL }, provide) => {
    const contexts: BrowserContext[] = [];
    await provide(async (login) => {
      const context = await browser.newContext({ baseURL, storageState: await storageStateFor(baseURL ?? "", login) });
      contexts.push(context);
      return context.newPage();
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
});

const SCREENSHOTS = path.resolve("test-results/screenshots");

/** A full-page screenshot a reviewer can look at after the run (test-results/screenshots/). */
export async function snap(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
