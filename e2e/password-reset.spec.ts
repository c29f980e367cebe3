import type { Page } from "@playwright/test";
import { expect, snap, test, unique } from "./support/fixtures";
import { signUpThroughMail } from "./support/sign-up";

// Passwords in the browser: "Forgot password?" through the local mail outbox (/dev/mail, the
// embedded default has no SMTP_URL). Each test makes an agency of its own, so no demo login's
// password ever changes.

async function signUp(page: Page, email: string, password: string): Promise<void> {
  await signUpThroughMail(page, {
    agencyName: "Keyhole Realty",
    name: "Kim Keyhole",
    email,
    password,
    plan: "professional",
  });
  await expect(page.getByTestId("current-user")).toContainText("Kim Keyhole");
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

for (const { width, height, label } of [
  { width: 1280, height: 800, label: "desktop" },
  { width: 390, height: 844, label: "phone" },
]) {
  test(`reset a password through the local mail outbox, then sign in with it (${label})`, async ({ page, context }) => {
    await page.setViewportSize({ width, height });
    const email = `reset-${unique()}@example.com`;
    await signUp(page, email, "first-password-1");
    await context.clearCookies();

    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
    await page.getByLabel("Email").fill(email.toUpperCase());
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("status")).toContainText(`If ${email} has a LeadProp login, we have sent it a link`);
    await snap(page, `forgot-password-${label}`);

    await page.getByRole("link", { name: "open the local outbox" }).click();
    await expect(page.getByRole("heading", { name: "Local mail outbox" })).toBeVisible();
    await snap(page, `dev-mail-${label}`);
    // The mail is written just after the answer (after()): reload until it is there.
    const mail = page
      .getByRole("row")
      .filter({ hasText: email })
      .getByRole("link", { name: "Reset your LeadProp password" });
    await expect(async () => {
      if (!(await mail.isVisible())) await page.reload();
      await expect(mail).toBeVisible({ timeout: 1000 });
    }).toPass();
    await mail.click();
    await expect(page.getByText("Someone asked to reset the password")).toBeVisible();
    await page.getByRole("link", { name: /\/reset-password\?token=/ }).click();

    await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    const resetLink = page.url();
    await page.getByLabel("New password", { exact: true }).fill("second-password-2");
    await page.getByLabel("Confirm new password").fill("second-password-2");
    await snap(page, `reset-password-${label}`);
    await page.getByRole("button", { name: "Set new password" }).click();

    await expect(page).toHaveURL(/\/login\?reset=done$/);
    await expect(page.getByRole("status")).toHaveText("Your password was changed. Sign in with your new password.");
    await signIn(page, email, "first-password-1");
    await expect(page.locator("main form").getByRole("alert")).toHaveText("Invalid email or password");
    await signIn(page, email, "second-password-2");
    await expect(page.getByTestId("current-user")).toContainText("Kim Keyhole");

    // The link worked once.
    await page.goto(resetLink);
    await expect(page.locator("main").getByRole("alert")).toContainText(
      "This reset link has expired or has already been used.",
    );
  });
}
