import { expect, snap, test, unique } from "./support/fixtures";
import { STAFF } from "./support/demo-users";

// Leads → Import, the whole way: upload a small CSV (semicolons, a byte-order mark), check the
// guessed mapping and the preview's error, start, watch the report, download the failed rows.
test("staff import a CSV: map, preview, run, report", async ({ pageAs }) => {
  const page = await pageAs(STAFF);
  const run = unique();
  const csv = [
    "First name;Last name;E-mail;Phone Number",
    // No phone: a fixed number would match the lead an earlier run imported into the same database.
    `Imported;One ${run};one-${run}@example.com;`,
    `Imported;Two ${run};two-${run}@example.com;`,
    `Broken;Row ${run};not-an-email;`,
  ].join("\n");

  await page.goto("/leads");
  await page.getByRole("link", { name: "Import CSV" }).click();
  await page.getByLabel("CSV file").setInputFiles({
    name: "open-house.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`\uFEFF${csv}`),
  });
  await page.getByRole("button", { name: "Upload and map columns" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Import open-house.csv" })).toBeVisible();
  await expect(page.getByLabel("Field for column E-mail")).toHaveValue("email");
  await expect(page.getByLabel("Field for column Phone Number")).toHaveValue("phone");
  await expect(page.getByRole("cell", { name: "Email: Invalid email" })).toBeVisible();
  await expect(page.getByRole("cell", { name: `Imported One ${run}` })).toBeVisible();

  await snap(page, "lead-import-wizard");

  await page.getByRole("button", { name: "Start import" }).click();
  await expect(page.getByTestId("import-created")).toHaveText("2", { timeout: 20_000 });
  await expect(page.getByTestId("import-failed")).toHaveText("1");
  await snap(page, "lead-import-report");
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: /Download the failed rows/ }).click();
  expect((await download).suggestedFilename()).toBe("open-house-failed-rows.csv");

  await page.getByRole("link", { name: "All imports" }).click();
  await expect(page.getByRole("link", { name: "open-house.csv" }).first()).toBeVisible();
});
