import { expect, test } from "@playwright/test";

test("the home page is served from the embedded database", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  expect(response?.headers()["x-powered-by"]).toBeUndefined();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("real-estate agencies");
  // The demo seed put two Agency-plan accounts in the embedded database on first start.
  await expect(page.getByText("2 agencies on the Agency plan")).toBeVisible();
});
