import { expect, snap, test } from "./support/fixtures";
import { STAFF } from "./support/demo-users";

// Issue 24, a phone at 390 px: the navigation is a menu (a modal sheet), and tables read as cards.
test.describe("on a phone", () => {
  test("the menu opens, marks the current page, goes to Visits and closes with Escape", async ({ pageAs }) => {
    const page = await pageAs(STAFF);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/dashboard");
    const menuButton = page.getByRole("button", { name: "Menu" });
    // The desktop bar is not shown (nor in the accessibility tree) until the menu opens.
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
    await menuButton.click();
    const sheet = page.getByRole("dialog", { name: "Menu" });
    await expect(sheet).toBeVisible();
    const main = sheet.getByRole("navigation", { name: "Main" });
    await expect(main.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
    await expect(main.getByRole("link", { name: "Settings" })).toHaveCount(0); // staff
    await expect(sheet.getByRole("link", { name: "Change password" })).toBeVisible();
    await expect(sheet.getByRole("button", { name: "Sign out" })).toBeVisible();
    // Focus is inside the sheet and stays there.
    for (let i = 0; i < 12; i++) await page.keyboard.press("Tab");
    expect(await sheet.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await snap(page, "menu-phone");

    await main.getByRole("link", { name: "Visits" }).click();
    await expect(page).toHaveURL(/\/visits$/);
    await expect(sheet).toHaveCount(0);
    await expect(page.getByTestId("visit-row").first()).toBeVisible();
    await snap(page, "visits-phone");
    await menuButton.click();
    await expect(sheet.getByRole("link", { name: "Visits" })).toHaveAttribute("aria-current", "page");
    await page.keyboard.press("Escape");
    await expect(sheet).toHaveCount(0);
    await expect(menuButton).toBeFocused();
  });

  test("a table's rows are cards, each value named by its column", async ({ pageAs }) => {
    const page = await pageAs(STAFF);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/properties");
    const row = page.getByTestId("property-row").first();
    await expect(row).toBeVisible();
    // Still a table to assistive technology and to the row selectors, but no sideways scroll.
    await expect(page.getByRole("table", { name: "Properties" }).getByRole("row")).not.toHaveCount(0);
    const box = await row.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    const label = await row
      .locator("td")
      .nth(1)
      .evaluate((cell) => getComputedStyle(cell, "::before").content);
    expect(label).toBe('"Status"');
    await snap(page, "properties-phone");
  });
});

test("at 1280 px the bar shows and there is no menu button", async ({ pageAs }) => {
  const page = await pageAs(STAFF);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/visits");
  const main = page.getByRole("navigation", { name: "Main" });
  await expect(main.getByRole("link", { name: "Visits" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("button", { name: "Menu" })).toBeHidden();
});
