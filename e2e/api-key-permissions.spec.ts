import type { APIRequestContext } from "@playwright/test";
import { expect, snap, test, unique } from "./support/fixtures";
import { OWNER } from "./support/demo-users";
import { dayIn } from "./support/time-zone";

const asKey = (key: string) => ({ headers: { Authorization: `Bearer ${key}` } });

async function listLeads(request: APIRequestContext, key: string): Promise<number> {
  return (await request.get("/api/v1/leads?limit=1", asKey(key))).status();
}

// Issue 20's walk-through, in one test since each step needs the last one's key: a read-only
// key is refused a write, rolling it keeps the old secret for an hour, both shown in one row, the
// old one stopped early, the new one narrowed, and the audit log has all of it.
test("a read-only key, rolled with a 1-hour overlap, then the old secret stopped early, all in the audit log", async ({
  pageAs,
  request,
}) => {
  const page = await pageAs(OWNER);
  const name = `E2E read-only ${unique()}`;
  await page.goto("/settings/api");
  const panel = page.getByRole("region", { name: "New key" });
  await panel.getByRole("button", { name: "Create API key" }).click();
  await panel.getByLabel("Name").fill(name);

  // Custom offers each resource only the levels it has.
  await panel.getByRole("radio", { name: "Custom" }).check();
  await expect(panel.getByLabel("Activities").locator("option")).toHaveText(["None", "Read"]);
  await expect(panel.getByLabel("Leads").locator("option")).toHaveText(["None", "Read", "Write"]);
  await snap(page, "settings-api-new-key-custom");
  await panel.getByRole("radio", { name: "Read only" }).check();
  await expect(panel.getByLabel("Activities")).toHaveCount(0);

  // An expiry date must lie ahead; the refused form keeps what was chosen.
  await expect(panel.getByLabel("Expires")).toHaveValue("never");
  await panel.getByLabel("Expires").selectOption({ label: "On a date…" });
  await panel.getByLabel("Expiry date").fill("2020-01-01");
  await panel.getByRole("button", { name: "Create key" }).click();
  await expect(panel.getByText("Choose a date after today.")).toBeVisible();
  await expect(panel.getByRole("radio", { name: "Read only" })).toBeChecked();
  await expect(panel.getByLabel("Name")).toHaveValue(name);
  // Three days ahead: inside the 7-day warning, so the banner names the key. The date is a day
  // in the owner's zone (the demo account's), as the form reads it: a UTC date was a day ahead
  // of New York's in the evening there, and the key then expired in 4 days.
  const inThreeDays = new Date(Date.now() + 3 * 86_400_000).toISOString();
  await panel.getByLabel("Expiry date").fill(dayIn(inThreeDays, "America/New_York"));
  await panel.getByRole("button", { name: "Create key" }).click();
  const oldKey = (await panel.getByTestId("new-api-key").textContent()) ?? "";
  expect(oldKey).toMatch(/^lpm_/);
  await panel.getByRole("button", { name: "Done" }).click();

  // (1) Its write call is refused, its read call answered.
  const write = await request.post("/api/v1/leads", {
    ...asKey(oldKey),
    data: { name: "Never created", phone: "+14155550100" },
  });
  expect(write.status()).toBe(403);
  expect(((await write.json()) as { error: { code: string } }).error.code).toBe("insufficient_permissions");
  expect(await listLeads(request, oldKey)).toBe(200);

  const rows = page.getByTestId("api-key-row").filter({ hasText: name });
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText("Read only");
  await expect(rows).toContainText("Expires in 3 days");
  const banner = page.getByRole("note", { name: /expires? within 7 days/ });
  await expect(banner).toContainText(name);

  // (2) Roll it; the old secret keeps working for an hour.
  await rows.getByRole("button", { name: "Roll key" }).click();
  const roll = page.getByRole("dialog", { name: `Roll “${name}”` });
  await roll.getByLabel("In 1 hour").check();
  await roll.getByRole("button", { name: "Roll key" }).click();
  const newKey = (await roll.getByTestId("rolled-api-key").textContent()) ?? "";
  expect(newKey).toMatch(/^lpm_/);
  expect(newKey).not.toBe(oldKey);
  await expect(roll).toContainText(/The old secret keeps working until .+ E[SD]T\./);
  await snap(page, "settings-api-key-rolled");
  await roll.getByRole("button", { name: "Done" }).click();
  await expect(roll).toBeHidden();

  // (3) One key with two secrets until the overlap ends: the old one marked with its end; both work.
  await expect(rows).toHaveCount(1);
  const oldPrefix = oldKey.slice(0, 12);
  const newPrefix = newKey.slice(0, 12);
  const newRow = rows;
  const oldSecret = rows.getByTestId("api-key-old-secret");
  await expect(oldSecret).toContainText(`Old secret ${oldPrefix}… works until`);
  await expect(newRow).toContainText(newPrefix);
  await expect(newRow).toContainText("Read only");
  await expect(newRow).toContainText("Active");
  // The replacement keeps the expiry, so the banner names it; the old secret's end was chosen.
  await expect(newRow).toContainText("Expires in 3 days");
  await expect(banner).toContainText(newPrefix);
  await expect(banner).not.toContainText(oldPrefix);
  expect(await listLeads(request, oldKey)).toBe(200);
  expect(await listLeads(request, newKey)).toBe(200);
  expect(await page.content()).not.toContain(newKey);
  await snap(page, "settings-api-keys-rolled-list");

  // (4) Stop the old secret early: it stops at once, the new one works on.
  await oldSecret.getByRole("button", { name: `Stop the old secret ${oldPrefix}… now` }).click();
  const stop = page.getByRole("alertdialog", { name: `Stop the old secret of “${name}”?` });
  await stop.getByRole("button", { name: "Stop old secret" }).click();
  await expect(stop).toBeHidden();
  await expect(oldSecret).toHaveCount(0);
  await expect(newRow).toContainText("Active");
  expect(await listLeads(request, oldKey)).toBe(401);
  expect(await listLeads(request, newKey)).toBe(200);

  // Narrow the new key: with Leads at None its next list call is refused.
  await newRow.getByRole("button", { name: "Edit permissions" }).click();
  const edit = page.getByRole("dialog", { name: `Permissions of “${name}”` });
  await edit.getByRole("radio", { name: "Custom" }).check();
  await expect(edit.getByLabel("Properties")).toHaveValue("read");
  await edit.getByLabel("Leads").selectOption("none");
  await edit.getByRole("button", { name: "Save permissions" }).click();
  await expect(edit).toBeHidden();
  await expect(newRow).toContainText("Restricted");
  await expect(newRow).toContainText("properties:read");
  await expect(newRow).not.toContainText("leads:");
  expect(await listLeads(request, newKey)).toBe(403);

  // Readable on a phone: the list scrolls inside its card, the actions wrap.
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, "settings-api-keys-phone");
  await page.setViewportSize({ width: 1280, height: 720 });

  // (5) The audit log has the sign-in and the three key actions, the key's by its name.
  await page.goto("/settings/audit-log");
  const entries = page.getByRole("table", { name: "Audit log" }).getByRole("row");
  await expect(entries.filter({ hasText: "Signed in" }).filter({ hasText: OWNER.email }).first()).toBeVisible();
  for (const action of [
    "API key created",
    "API key rolled",
    "API key's old secret stopped early",
    "API key permissions changed",
  ]) {
    await expect(entries.filter({ hasText: action }).filter({ hasText: name }).first()).toBeVisible();
  }
  expect(await page.content()).not.toContain(oldKey.slice(12));
  await snap(page, "settings-audit-log-keys");
});
