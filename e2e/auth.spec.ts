import { expect, signInThroughApi, snap, test, unique } from "./support/fixtures";
import { OWNER, STAFF } from "./support/demo-users";
import { openOutboxMail, signUpThroughMail, submitSignup } from "./support/sign-up";
import { clockIn, dayIn, setTimeZone } from "./support/time-zone";

test.describe("signing in and out", () => {
  test("a page under the app sends a signed-out visitor to /login and back after signing in", async ({ page }) => {
    await page.goto("/settings/team");
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fsettings%2Fteam$/);
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    await snap(page, "login");
    await page.getByLabel("Email").fill(OWNER.email);
    await page.getByLabel("Password").fill(OWNER.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/settings\/team$/);
    await expect(page.getByRole("heading", { name: "Team", exact: true })).toBeVisible();
  });

  test("a wrong password and an unknown email get the same message", async ({ page, request }) => {
    // Sent by script once hydrated; before that its button is disabled, and were it sent by the
    // browser it would be a POST: a GET once put a password in the address (an e2e run saw it).
    const html = await (await request.get("/login")).text();
    expect(html).toMatch(/<form[^>]* method="post"/);
    expect(html).toMatch(/<button type="submit" disabled=""[^>]*>Sign in<\/button>/);
    await page.goto("/login");
    await page.getByLabel("Email").fill(STAFF.email);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.locator("main form").getByRole("alert")).toHaveText("Invalid email or password");
    await expect(page).toHaveURL(/\/login$/);

    await page.getByLabel("Email").fill(`nobody-${unique()}@example.com`);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.locator("main form").getByRole("alert")).toHaveText("Invalid email or password");
  });

  test("ten failures lock the email with a clear message", async ({ page, baseURL }) => {
    const email = `locked-${unique()}@example.com`;
    for (let i = 0; i < 10; i++) await signInThroughApi(baseURL ?? "", { email, password: "wrong-password" });
    await page.goto("/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("wrong-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.locator("main form").getByRole("alert")).toContainText(
      "Too many failed sign-in attempts for this email",
    );
  });

  test("sign up through the mailed link creates the account with you as owner, then sign out and sign in again", async ({
    page,
  }) => {
    const email = `new-owner-${unique()}@example.com`;
    const password = "a-good-password-1";
    await page.goto("/signup");
    await expect(page.getByRole("heading", { name: "Create your agency account" })).toBeVisible();
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("Enter your agency's name.")).toBeVisible();
    await snap(page, "signup");
    // Not Agency: the home page counts the Agency-plan accounts.
    const agency = { agencyName: "Bayview Homes", name: "Bea Bayview", email, password, plan: "professional" } as const;
    await signUpThroughMail(page, agency);

    // A new agency lands on the dashboard, with none of its setup steps done yet.
    await expect(page.getByTestId("first-run-steps")).toContainText("0 of 3 done");
    await expect(page.getByTestId("current-user")).toContainText("Bea Bayview");
    await expect(page.getByTestId("current-user")).toContainText("Bayview Homes · Professional · Owner");
    await page.goto("/settings");
    await expect(page.getByLabel("Account name")).toHaveValue("Bayview Homes");

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto("/settings");
    await expect(page).toHaveURL(/\/login\?callbackUrl=/);

    await page.getByLabel("Email").fill(email.toUpperCase());
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    // Back to the page that asked for the sign-in.
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByTestId("current-user")).toContainText("Bea Bayview");

    // The audit log reads in the owner's own zone, and so do its day filters. The zone is one
    // whose day differs from UTC's at the sign-in, so only the owner's day finds it.
    await page.goto("/settings/audit-log");
    const signInTime = page.locator('[data-testid=audit-entry][data-action="sign_in.succeeded"] time').first();
    const at = (await signInTime.getAttribute("datetime")) ?? "";
    const zone = new Date(at).getUTCHours() >= 10 ? "Pacific/Kiritimati" : "Pacific/Pago_Pago";
    const [ownDay, utcDay] = [dayIn(at, zone), at.slice(0, 10)];
    expect(ownDay).not.toBe(utcDay);
    await setTimeZone(page, zone);
    await page.goto(`/settings/audit-log?from=${ownDay}&to=${ownDay}`);
    await expect(page.locator(`time[datetime="${at}"]`)).toContainText(clockIn(at, zone));
    await page.goto(`/settings/audit-log?from=${utcDay}&to=${utcDay}`);
    await expect(page.getByLabel("From")).toHaveValue(utcDay);
    await expect(page.locator(`time[datetime="${at}"]`)).toHaveCount(0);

    // The email is now taken: the form answers as for any email (issue 31, finding 13), and the
    // mail tells the owner they have a login.
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await submitSignup(page, { ...agency, agencyName: "Again", name: "Again" });
    await openOutboxMail(page, email, "You already have a LeadProp login");
    await expect(page.getByText("which already has a LeadProp login")).toBeVisible();
  });

  test("signing out ends the session on the server, and 'Sign out everywhere' ends every other", async ({
    page,
    browser,
    baseURL,
  }) => {
    const email = `sessions-${unique()}@example.com`;
    const password = "a-good-password-2";
    await signUpThroughMail(page, {
      agencyName: "Keepsafe Homes",
      name: "Kai Keepsafe",
      email,
      password,
      plan: "agency",
    });
    // A copy of the cookies as they are now, as someone who got hold of them would keep them.
    const saved = await page.context().storageState();
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/login$/);
    const thief = await browser.newContext({ baseURL, storageState: saved });
    const thiefPage = await thief.newPage();
    await thiefPage.goto("/settings/api");
    await expect(thiefPage).toHaveURL(/\/login/);
    await thief.close();

    // Signed in on two browsers; "Sign out everywhere" on one ends both.
    const other = await browser.newContext({
      baseURL,
      storageState: (await signInThroughApi(baseURL ?? "", { email, password })).state,
    });
    const otherPage = await other.newPage();
    await otherPage.goto("/settings/api");
    await expect(otherPage.getByRole("heading", { name: "Public API", exact: true })).toBeVisible();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByTestId("current-user")).toContainText("Kai Keepsafe");
    await page.goto("/profile");
    await snap(page, "profile-sessions");
    await page.getByRole("button", { name: "Sign out everywhere" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await otherPage.goto("/settings/api");
    await expect(otherPage).toHaveURL(/\/login/);
    await other.close();
  });
});
