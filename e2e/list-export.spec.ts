import { readFile } from "node:fs/promises";
import { parse } from "csv-parse/sync";
import { expect, test } from "./support/fixtures";
import { STAFF } from "./support/demo-users";

// Leads → Export CSV downloads what the filtered list shows (the demo agency's leads of one
// status), as a dated CSV, in the list's sort; the properties list's button does the same for
// its filters.
test("Export CSV downloads the filtered leads and properties lists", async ({ pageAs }) => {
  const page = await pageAs(STAFF);
  await page.goto("/leads");
  await page.getByLabel("Status").selectOption("qualified");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/status=qualified/);
  const shown = await page.getByTestId("lead-row").count();
  expect(shown).toBeGreaterThan(0);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = (await readFile((await download.path())!, "utf8")).replace(/^\uFEFF/, "");
  const lines = text.trimEnd().split("\r\n");
  expect(lines[0]).toMatch(/^LeadProp ID,Name,Email,Phone,Status,/);
  // Every lead of the list's status, and only those: at least the page the list showed.
  expect(lines.length - 1).toBeGreaterThanOrEqual(shown);
  for (const line of lines.slice(1)) expect(line.split(",")[4]).toBe("Qualified");

  // "My leads" and a source filter ride along too: the file holds exactly the count the list
  // shows (the staff member's qualified website leads).
  await page.getByRole("link", { name: "My leads" }).click();
  await expect(page.getByLabel("Assigned to")).toHaveValue("me");
  await page.getByLabel("Source").fill("website");
  await expect(page).toHaveURL(/(?=.*assignedTo=me)(?=.*source=website)(?=.*status=qualified)/);
  const counted = Number(((await page.getByTestId("lead-count").textContent()) ?? "").replace(/[^\d]/g, ""));
  const [mine] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  const mineLines = (await readFile((await mine.path())!, "utf8"))
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");
  expect(mineLines.length - 1).toBe(counted);
  for (const line of mineLines.slice(1)) expect(line).toContain(",website,");

  // Sorted by name on screen, the file comes in the order on screen: its first rows are the
  // page's rows, and it holds exactly the leads the list counts.
  await page.goto("/leads?status=qualified");
  await page.getByRole("link", { name: "Name, sort A to Z" }).click();
  await expect(page).toHaveURL(/(?=.*sort=name)(?=.*status=qualified)/);
  await expect(page.getByRole("columnheader", { name: /^Name/ })).toHaveAttribute("aria-sort", "ascending");
  // Each row's name is its link (the first cell is the row's selection box).
  const onScreen = (await page.getByTestId("lead-row").getByRole("link").allTextContents()).map((n) => n.trim());
  const total = Number(((await page.getByTestId("lead-count").textContent()) ?? "").replace(/[^\d]/g, ""));
  const [byName] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  const named = parse((await readFile((await byName.path())!, "utf8")).replace(/^\uFEFF/, ""), {
    columns: true,
  }) as Record<string, string>[];
  expect(named).toHaveLength(total);
  expect(named.slice(0, onScreen.length).map((row) => row.Name)).toEqual(onScreen);

  await page.goto("/properties?listingType=rent");
  const [properties] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  expect(properties.suggestedFilename()).toMatch(/^properties-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = (await readFile((await properties.path())!, "utf8")).trimEnd().split("\r\n").slice(1);
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) expect(row).toContain(",For rent,");
});
