import { expect, test, unique } from "./support/fixtures";
import { OWNER, STAFF } from "./support/demo-users";
import { createApiKeyInUi } from "./support/staff-views";

// Bulk actions on the leads list (issue 35, part 4): 300 leads made through the batch API,
// selected as "all matching" and assigned by one background job whose progress shows; then the
// list with a selection at 390 px.
test("bulk assign of 300 leads with progress, and the selection at 390 px", async ({ pageAs, request }) => {
  test.setTimeout(120_000);
  const page = await pageAs(OWNER);
  await page.setViewportSize({ width: 1280, height: 900 });
  const key = await createApiKeyInUi(page, `Bulk ${unique()}`);
  const tag = `bulk-${unique()}`.toLowerCase();
  for (let batch = 0; batch < 3; batch++) {
    const items = Array.from({ length: 100 }, (_, i) => ({
      op: "create",
      data: { name: `Bulk ${tag} ${batch * 100 + i}`, tags: [tag], source: "open-house" },
    }));
    const response = await request.post("/api/v1/leads/batch", {
      headers: { Authorization: `Bearer ${key}` },
      data: { items },
    });
    expect(response.status()).toBe(200);
  }

  await page.goto(`/leads?tag=${tag}`);
  await page.waitForLoadState("networkidle");
  await expect(page.getByTestId("lead-count")).toContainText("300 leads");
  await page.getByRole("checkbox", { name: "Select all leads on this page" }).check();
  const bar = page.getByRole("region", { name: "Bulk actions" });
  await expect(bar.getByTestId("bulk-count")).toHaveText("25 leads selected");
  await bar.getByRole("button", { name: "Select all 300 matching" }).click();
  await expect(bar.getByTestId("bulk-count")).toHaveText("300 leads selected (all matching)");
  await bar.getByLabel("Action").selectOption("assign");
  await bar.getByLabel("Assign to").selectOption({ label: STAFF.name });
  await bar.getByRole("button", { name: "Apply to 300 leads" }).click();

  // The job's progress, then its outcome in words.
  const progress = page.getByTestId("bulk-progress");
  await expect(progress).toBeVisible();
  await expect(progress).toContainText("Done. 300 leads assigned.", { timeout: 30_000 });
  await page.goto(`/leads?tag=${tag}&assignedTo=${encodeURIComponent(await staffId(page))}`);
  await expect(page.getByTestId("lead-count")).toContainText("300 leads");

  // At 390 px: a row ticked, the bar fits the screen and its controls can be reached.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/leads?tag=${tag}`);
  await page.waitForLoadState("networkidle");
  await page.getByTestId("bulk-progress").getByRole("button", { name: "Dismiss" }).click();
  await page.getByTestId("lead-row").first().getByRole("checkbox").check();
  await expect(bar.getByTestId("bulk-count")).toHaveText("1 lead selected");
  const apply = bar.getByRole("button", { name: "Apply to 1 lead" });
  await apply.scrollIntoViewIfNeeded();
  await expect(apply).toBeInViewport();
  const box = await apply.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

/** The demo staff member's user id, from the list's "Assigned to" filter. */
async function staffId(page: import("@playwright/test").Page): Promise<string> {
  const option = page.getByLabel("Assigned to").locator("option", { hasText: STAFF.name });
  return (await option.getAttribute("value")) ?? "";
}
