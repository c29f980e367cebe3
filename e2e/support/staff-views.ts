import { expect, type Page } from "@playwright/test";
import { DEMO_LOGINS } from "../../lib/seed/demo-logins";

// Steps the staff-view specs share.

/** The owner of the second Agency demo account: another account, for the 404 checks. */
export const SUMMIT_OWNER = DEMO_LOGINS.find((l) => l.email === "summit@demo.test") ?? DEMO_LOGINS[2];

/** Creates an API key on /settings/api as the signed-in owner and returns its plaintext. */
export async function createApiKeyInUi(page: Page, name: string): Promise<string> {
  await page.goto("/settings/api");
  await page.getByRole("button", { name: "Create API key" }).click();
  await page.getByLabel("Name").fill(name);
  await page.getByRole("button", { name: "Create key" }).click();
  const shown = page.getByTestId("new-api-key");
  await expect(shown).toHaveText(/^lpm_/);
  return (await shown.textContent()) ?? "";
}

/** Creates a lead through "New lead" and waits for its page. */
export async function createLeadInUi(page: Page, lead: { name: string; phone?: string }): Promise<string> {
  await page.goto("/leads/new");
  await page.getByLabel("Name", { exact: true }).fill(lead.name);
  if (lead.phone) await page.getByLabel("Phone").fill(lead.phone);
  await page.getByRole("button", { name: "Create lead" }).click();
  await expect(page.getByRole("heading", { level: 1, name: lead.name })).toBeVisible();
  await expect(page.getByText("Lead created.")).toBeVisible();
  // The notice's ?notice=created is dropped from the address once shown.
  await expect(page).toHaveURL(/\/leads\/lead_[0-9a-z]+$/);
  return page.url();
}

/** The newest timeline entry of the lead page. */
export const latestActivity = (page: Page) => page.getByTestId("activity").first();
