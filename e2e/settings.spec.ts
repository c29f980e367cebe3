import { expect, snap, test, unique } from "./support/fixtures";
import { OWNER, STAFF, STARTER_OWNER } from "./support/demo-users";
import { signUpThroughMail } from "./support/sign-up";

test.describe("settings are for owners", () => {
  test("staff get the 403 page on every settings URL and see no Settings link", async ({ pageAs }) => {
    const page = await pageAs(STAFF);
    for (const url of ["/settings/api", "/settings", "/settings/team"]) {
      expect((await page.goto(url))?.status()).toBe(403);
      await expect(page.getByText("403 · Forbidden")).toBeVisible();
      await expect(page.getByRole("heading", { name: "Only account owners can open settings" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Create API key" })).toHaveCount(0);
    }
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Leads" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" })).toHaveCount(0);
    await snap(page, "settings-api-staff-403");
  });
});

test.describe("Public API keys", () => {
  test("a Starter owner is told the Public API is on the Agency plan and cannot create keys", async ({ pageAs }) => {
    const page = await pageAs(STARTER_OWNER);
    await page.goto("/settings/api");
    await expect(page.getByRole("heading", { name: "Public API", exact: true })).toBeVisible();
    await expect(page.getByText("The Public API is available on the Agency plan")).toBeVisible();
    await expect(page.getByRole("button", { name: "Create API key" })).toHaveCount(0);
    await snap(page, "settings-api-starter");
  });

  test("the owner creates a key, sees it once, then only its prefix; revoking asks first and the key stops working", async ({
    pageAs,
    request,
  }) => {
    const page = await pageAs(OWNER);
    const name = `E2E sync ${unique()}`;
    await page.goto("/settings/api");
    await expect(page.getByRole("heading", { name: "Public API", exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "API reference" })).toHaveAttribute("href", "/docs");
    await expect(page.getByRole("link", { name: "Download Postman collection" })).toHaveAttribute(
      "href",
      "/api/v1/postman.json",
    );

    await page.getByRole("button", { name: "Create API key" }).click();
    await page.getByRole("button", { name: "Create key" }).click();
    await expect(page.getByText("Give the key a name")).toBeVisible();
    await page.getByLabel("Name").fill(name);
    await page.getByRole("button", { name: "Create key" }).click();

    const shown = page.getByTestId("new-api-key");
    await expect(shown).toHaveText(/^lpm_[0-9A-Za-z]{49}$/);
    const key = (await shown.textContent()) ?? "";
    await expect(page.getByText("It will not be shown again.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Copy" })).toBeVisible();
    const row = page.getByTestId("api-key-row").filter({ hasText: name });
    await expect(row).toContainText(`${key.slice(0, 12)}…`);
    await expect(row).toContainText("Olivia Harbor");
    await expect(row).toContainText("Never");
    await expect(row).toContainText("Active");
    await snap(page, "settings-api-new-key");
    const asKey = { headers: { Authorization: `Bearer ${key}` } };
    expect((await request.get("/api/v1/leads?limit=1", asKey)).status()).toBe(200);

    await page.reload();
    await expect(page.getByTestId("new-api-key")).toHaveCount(0);
    await expect(page.getByText(key)).toHaveCount(0);
    expect(await page.content()).not.toContain(key);
    await expect(row).toContainText(key.slice(0, 12));

    // The confirm step: Cancel keeps the key, confirming revokes it.
    await row.getByRole("button", { name: `Revoke ${name}` }).click();
    const dialog = page.getByRole("alertdialog", { name: `Revoke “${name}”?` });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText("Active");
    // By keyboard: Enter opens it with focus on Cancel, Escape closes it, focus goes back.
    const revokeButton = row.getByRole("button", { name: `Revoke ${name}` });
    await revokeButton.focus();
    await page.keyboard.press("Enter");
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(revokeButton).toBeFocused();

    await revokeButton.click();
    await dialog.getByRole("button", { name: "Revoke key" }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText("Revoked");
    await expect(row.getByRole("button", { name: /Revoke/ })).toHaveCount(0);
    expect((await request.get("/api/v1/leads?limit=1", asKey)).status()).toBe(401);

    // Readable on a phone: the shell (its navigation behind "Menu") and the table fit a narrow screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("button", { name: "Menu" }).click();
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" })).toBeVisible();
    await page.keyboard.press("Escape");
    await snap(page, "settings-api-phone");
  });
});

test.describe("account and team settings", () => {
  test("an owner edits the account and opens the team, which invites by email", async ({ page }) => {
    // A fresh account of its own, so the demo accounts stay as other specs expect them.
    const ownerEmail = `team-owner-${unique()}@example.com`;
    await signUpThroughMail(page, {
      agencyName: "Seaside Lettings",
      name: "Stella Seaside",
      email: ownerEmail,
      password: "seaside-pass-1",
      plan: "starter",
    });
    await page.goto("/settings");

    await page.getByLabel("Account name").fill("");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Enter the agency's name.")).toBeVisible();
    await page.getByLabel("Account name").fill("Seaside Lettings & Sales");
    await page.getByLabel("Default country").selectOption("GB");
    await page.getByLabel("Currency").selectOption("GBP");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Settings saved." })).toBeVisible();
    await expect(page.getByTestId("current-user")).toContainText("Seaside Lettings & Sales");
    await page.reload();
    await expect(page.getByLabel("Default country")).toHaveValue("GB");
    await expect(page.getByLabel("Currency")).toHaveValue("GBP");
    await snap(page, "settings-account");

    await page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Team" }).click();
    await expect(page.getByRole("heading", { name: "Team", exact: true })).toBeVisible();
    await expect(page.getByText("It's just you so far.")).toBeVisible();
    // No way to remove or deactivate yourself, the last owner.
    await expect(page.getByRole("button", { name: /^(Remove|Deactivate)/ })).toHaveCount(0);

    // Members join by invite (e2e/team-invites.spec.ts walks one through); a bad address is refused.
    await page.getByLabel("Email").fill("seaside-at-example");
    await page.getByRole("button", { name: "Send invite" }).click();
    await expect(page.getByText("Enter a valid email address.")).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue("seaside-at-example");
    await snap(page, "settings-team");
  });
});
