import { expect, test, unique } from "./support/fixtures";
import { OWNER } from "./support/demo-users";

// An owner adds a custom field, a lead gets a value for it in the form, the lead page shows it,
// and the leads list filters by it. The field is deleted at the end (its confirm counts the value).
test("a custom field: set in the lead form, shown on the lead page, filtered in the list", async ({ pageAs }) => {
  const page = await pageAs(OWNER);
  const suffix = unique();
  const label = `Viewing stage ${suffix}`;
  // The key is made from the label as it is typed (lib/custom-fields/key-from-label.ts).
  const key = `viewing_stage_${suffix}`;

  await page.goto("/settings/custom-fields");
  await page.waitForLoadState("networkidle");
  const form = page.getByRole("form", { name: "New custom field" });
  await form.getByLabel("Label").fill(label);
  await expect(form.getByLabel("Key")).toHaveValue(key);
  await form.getByLabel("Type").selectOption({ label: "Single select" });
  await form.getByLabel("Options").fill("first, second");
  await form.getByRole("button", { name: "Add field" }).click();
  await expect(page.getByText(`Custom field ${key} added.`)).toBeVisible();

  const name = `Custom Lead ${unique()}`;
  await page.goto("/leads/new");
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel(label).selectOption("second");
  await page.getByRole("button", { name: "Create lead" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const summary = page.getByRole("definition").filter({ hasText: "second" });
  await expect(page.getByLabel("Custom fields", { exact: true }).first()).toContainText(`${label}:second`);
  await expect(summary.first()).toBeVisible();

  await page.goto("/leads");
  await page.getByLabel("Custom field").selectOption(key);
  await page.getByLabel("Value").fill("second");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`cfKey=${key}&cfValue=second`));
  const rows = page.getByTestId("lead-row");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(name);

  await page.goto("/settings/custom-fields");
  await page.getByRole("link", { name: `Delete ${key}` }).click();
  await expect(page.getByRole("alertdialog")).toContainText("1 lead has a value for it");
  await page.getByRole("button", { name: `Delete ${key}` }).click();
  await expect(page.getByText("Custom field deleted, with 1 record's value.")).toBeVisible();
});
