import { expect, snap, test, unique } from "./support/fixtures";
import { OWNER, STAFF, STARTER_OWNER } from "./support/demo-users";

test.describe("Public API usage", () => {
  test("the owner sees a new key's requests in the chart and the log, filters by 4xx and opens an entry", async ({
    pageAs,
    request,
  }) => {
    const page = await pageAs(OWNER);
    const name = `E2E usage ${unique()}`;
    await page.goto("/settings/api");
    await page.getByRole("button", { name: "Create API key" }).click();
    await page.getByLabel("Name").fill(name);
    await page.getByRole("button", { name: "Create key" }).click();
    const key = (await page.getByTestId("new-api-key").textContent()) ?? "";
    expect(key).toMatch(/^lpm_/);
    await page.getByRole("button", { name: "Done" }).click();

    // A new key has no requests yet.
    const usage = page.getByRole("region", { name: "Usage" });
    await usage.getByLabel("API key").selectOption({ label: `${name} · ${key.slice(0, 12)}…` });
    await usage.getByRole("button", { name: "Show usage" }).click();
    await expect(page).toHaveURL(/\/settings\/api\?key=key_[0-9a-z]+#usage$/);
    const keyId = new URL(page.url()).searchParams.get("key") ?? "";
    await expect(usage.getByTestId("usage-empty")).toContainText(`No requests with “${name}” yet`);

    const asKey = { headers: { Authorization: `Bearer ${key}` } };
    const ok = await request.get("/api/v1/leads?limit=2", asKey);
    expect(ok.status()).toBe(200);
    const bad = await request.get("/api/v1/leads?limit=0", asKey);
    expect(bad.status()).toBe(400);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe("validation_error");
    const okId = ok.headers()["x-request-id"];
    const badId = bad.headers()["x-request-id"];

    // The log is written just after each response: reload until both rows are there.
    const rows = usage.getByTestId("request-log-row");
    await expect(async () => {
      await page.reload();
      await expect(rows).toHaveCount(2, { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await expect(rows.filter({ hasText: okId })).toContainText("200");
    await expect(rows.filter({ hasText: badId })).toContainText("400");
    await expect(rows.filter({ hasText: badId })).toContainText("validation_error");
    await expect(rows.first()).toContainText("/api/v1/leads");
    await expect(rows.first()).not.toContainText("limit=");

    // Today's bar and the totals.
    const today = usage.locator('[data-testid="usage-day"][data-today]');
    await expect(today).toHaveAttribute("data-total", "2");
    await expect(today).toContainText(/^Today, .+: 2 requests, 1 4xx/);
    await expect(usage.getByTestId("usage-day")).toHaveCount(30);
    await expect(usage.getByTestId("usage-total")).toContainText("2");
    await expect(usage.getByTestId("usage-4xx")).toContainText("50%");
    await expect(usage.getByTestId("usage-5xx")).toContainText("0%");
    await snap(page, "settings-api-usage");

    // Only the 4xx.
    await usage
      .getByRole("navigation", { name: "Filter requests by status" })
      .getByRole("link", { name: "4xx" })
      .click();
    await expect(page).toHaveURL(/status=4xx/);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(badId);
    await expect(usage.getByRole("link", { name: "4xx" })).toHaveAttribute("aria-current", "true");
    await usage
      .getByRole("navigation", { name: "Filter requests by status" })
      .getByRole("link", { name: "5xx" })
      .click();
    await expect(usage.getByText("No 5xx responses in the log.")).toBeVisible();
    await usage
      .getByRole("navigation", { name: "Filter requests by status" })
      .getByRole("link", { name: "4xx" })
      .click();

    // The entry: request id, error code, key (name and prefix only), status, duration.
    await rows.first().getByRole("link", { name: badId }).click();
    await expect(page.getByRole("heading", { name: "API request" })).toBeVisible();
    const details = page.getByTestId("request-details");
    await expect(details).toContainText(badId);
    await expect(details).toContainText("validation_error");
    await expect(details).toContainText("GET /api/v1/leads");
    await expect(details).toContainText("400");
    await expect(details).toContainText(`${name} ${key.slice(0, 12)}…`);
    await expect(details).toContainText(/\d+ ms/);
    expect(await page.content()).not.toContain(key);
    await snap(page, "settings-api-request-details");
    const entryUrl = new URL(page.url()).pathname;

    await page.getByRole("link", { name: "Back to usage" }).click();
    await expect(page).toHaveURL(new RegExp(`/settings/api\\?key=${keyId}#usage$`));
    await expect(rows).toHaveCount(2);
    expect(await page.content()).not.toContain(key);

    // Twenty more: the table pages by cursor, 20 at a time, newest first.
    for (let i = 0; i < 20; i++) expect((await request.get("/api/v1/leads?limit=1", asKey)).status()).toBe(200);
    await expect(async () => {
      await page.reload();
      await expect(usage.getByTestId("usage-total")).toContainText("22", { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await expect(rows).toHaveCount(20);
    await usage.getByRole("link", { name: "Older requests" }).click();
    await expect(page).toHaveURL(/cursor=/);
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: okId })).toHaveCount(1);
    await expect(usage.getByRole("link", { name: "Older requests" })).toHaveCount(0);
    await usage.getByRole("link", { name: "Newest" }).click();
    await expect(rows).toHaveCount(20);
    // Readable on a phone: the chart shrinks, the table scrolls inside its card.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(usage.locator('[data-testid="usage-day"][data-today]')).toHaveAttribute("data-total", "22");
    await snap(page, "settings-api-usage-phone");
    await page.setViewportSize({ width: 1280, height: 800 });

    // The account's total: every key's requests together, each row naming its key. "All keys" is
    // offered from an account's second key: this test makes its own (another spec's keys may be on
    // another worker's server).
    await page.getByRole("button", { name: "Create API key" }).click();
    await page.getByLabel("Name").fill(`${name} second`);
    await page.getByRole("button", { name: "Create key" }).click();
    await expect(page.getByTestId("new-api-key")).toBeVisible();
    await page.getByRole("button", { name: "Done" }).click();
    await usage.getByLabel("API key").selectOption({ label: "All keys (the account's total)" });
    await usage.getByRole("button", { name: "Show usage" }).click();
    await expect(page).toHaveURL(/\/settings\/api\?key=all#usage$/);
    await expect(usage.getByRole("columnheader", { name: "Key" })).toBeVisible();
    await expect(rows.first()).toContainText(name);
    const allTotal = Number((await usage.getByTestId("usage-total").locator("dd").textContent())?.replace(/\D/g, ""));
    expect(allTotal).toBeGreaterThanOrEqual(22);

    // Another account's owner gets a 404 for this key's usage and for the entry.
    const stranger = await pageAs(STARTER_OWNER);
    for (const url of [`/settings/api?key=${keyId}`, entryUrl]) {
      expect((await stranger.goto(url))?.status()).toBe(404);
      await expect(stranger.getByText("This page could not be found.")).toBeVisible();
      await expect(stranger.getByText(badId)).toHaveCount(0);
    }
    // Staff of the same account: the settings 403, as on every settings page.
    const staff = await pageAs(STAFF);
    expect((await staff.goto(entryUrl))?.status()).toBe(403);
    await expect(staff.getByText("403 · Forbidden")).toBeVisible();
    await expect(staff.getByText(badId)).toHaveCount(0);
  });
});
