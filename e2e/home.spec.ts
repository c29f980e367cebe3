import { expect, test } from "./support/fixtures";

test("the public home page tells nothing about the tenants", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  expect(response?.headers()["x-powered-by"]).toBeUndefined();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("real-estate agencies");
  // It once counted the Agency-plan accounts across all tenants: no number of agencies now.
  await expect(page.getByText(/agencies on the Agency plan/)).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Create account" })).toHaveAttribute("href", "/signup");
  // app/icon.svg, the page's icon; app/favicon.ico for what asks /favicon.ico itself (a browser on
  // /docs or on a JSON answer), which was a 404 on every page.
  const icon = await page.locator('link[rel="icon"][type="image/svg+xml"]').getAttribute("href");
  expect((await page.request.get(icon!)).headers()["content-type"]).toBe("image/svg+xml");
  const favicon = await page.request.get("/favicon.ico");
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()["content-type"]).toBe("image/x-icon");
});
