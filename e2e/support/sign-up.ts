import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

export interface NewAgency {
  agencyName: string;
  name: string;
  email: string;
  password: string;
  plan: "starter" | "professional" | "agency";
}

/** Fills and sends the signup form; every email gets the same "check your inbox" answer. */
export async function submitSignup(page: Page, agency: Omit<NewAgency, "password">): Promise<void> {
  await page.goto("/signup");
  await page.getByLabel("Agency name").fill(agency.agencyName);
  await page.getByLabel("Your name").fill(agency.name);
  await page.getByLabel("Email").fill(agency.email);
  await page.getByLabel("Plan").selectOption(agency.plan);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("status")).toContainText(`we have sent a mail to ${agency.email}`);
}

/** Opens the newest mail to `email` with this subject in the local outbox (/dev/mail). */
export async function openOutboxMail(page: Page, email: string, subject: string): Promise<void> {
  await page.goto("/dev/mail");
  // The mail is written just after the answer (after()): reload until it is there.
  const mail = page.getByRole("row").filter({ hasText: email }).getByRole("link", { name: subject }).first();
  await expect(async () => {
    if (!(await mail.isVisible())) await page.reload();
    await expect(mail).toBeVisible({ timeout: 1000 });
  }).toPass();
  await mail.click();
}

/** Signs up as a new owner would: the form, the mail's link, the password; lands on the dashboard. */
export async function signUpThroughMail(page: Page, agency: NewAgency): Promise<void> {
  await submitSignup(page, agency);
  await openOutboxMail(page, agency.email, "Finish creating your LeadProp account");
  await page.getByRole("link", { name: /\/signup\/finish\?token=/ }).click();
  await expect(page.getByRole("heading", { name: "Finish creating your account" })).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill(agency.password);
  await page.getByLabel("Confirm new password").fill(agency.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}
