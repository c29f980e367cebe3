import { expect, snap, test, unique } from "./support/fixtures";
import { STAFF } from "./support/demo-users";
import { SUMMIT_OWNER, createLeadInUi } from "./support/staff-views";
import { hydrated } from "./support/time-zone";

test.describe("properties", () => {
  test("create a listing (half-baths), read it at 1280 and 390 px, edit it behind Edit details, delete it; another account gets the 404 page", async ({
    pageAs,
  }) => {
    const page = await pageAs(STAFF);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/properties");
    await expect(page.getByTestId("property-row").first()).toBeVisible();
    await snap(page, "properties");

    await page.getByRole("link", { name: "New property" }).click();
    await page.getByRole("button", { name: "Create property" }).click();
    await expect(page.getByText("Required, 1–200 characters")).toBeVisible();
    const title = `Canal house ${unique()}`;
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Type").selectOption("house");
    await page.getByLabel("Price").fill("1,250,000");
    await page.getByLabel("Bedrooms").fill("3");
    // Half-baths are standard in US listings; a quarter is not a bathroom count.
    await page.getByLabel("Bathrooms").fill("2.25");
    await page.getByLabel("City").fill("Oakland");
    await page.getByLabel("Country").fill("us");
    await page.getByRole("button", { name: "Create property" }).click();
    await expect(page.getByText("Must be a whole or half number, e.g. 2.5")).toBeVisible();
    await page.getByLabel("Bathrooms").fill("2.5");
    await page.getByRole("button", { name: "Create property" }).click();

    // A listing to read: where and what, the key facts with separators, Details read-only.
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByText("Property created.")).toBeVisible();
    await expect(page.getByText("House · For sale · Oakland")).toBeVisible();
    const keyFacts = page.getByLabel("Key facts");
    await expect(keyFacts).toContainText("$1,250,000");
    await expect(keyFacts).toContainText("Bathrooms2.5");
    await expect(keyFacts).toContainText("Bedrooms3");
    const details = page.getByLabel("Property summary");
    await expect(details).toContainText("Oakland");
    await expect(page.getByLabel("Title")).toBeHidden();
    await expect(page.getByText("No visits booked.")).toBeVisible();
    await expect(page.getByText("No interested leads yet")).toBeVisible();
    const url = page.url().replace(/\?.*$/, "");
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(keyFacts).toBeInViewport();
    await expect(page.getByRole("button", { name: "Edit details" })).toBeVisible();
    await snap(page, "property-read-phone");
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole("button", { name: "Edit details" }).click();
    await expect(page.getByLabel("Country")).toHaveValue("US");
    await expect(page.getByLabel("Bathrooms")).toHaveValue("2.5");
    await page.getByLabel("Bedrooms").fill("many");
    await page.getByLabel("Country").fill("U1");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Enter a whole number from 0 to 100")).toBeVisible();
    await expect(page.getByText("ISO 3166-1 alpha-2 code, e.g. US")).toBeVisible();
    await page.getByLabel("Bedrooms").fill("4");
    await page.getByLabel("Country").fill("US");
    await page.getByLabel("Status").selectOption("reserved");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Property saved.")).toBeVisible();
    await expect(page.getByLabel("Status")).toHaveValue("reserved");
    await page.getByRole("button", { name: "Done editing" }).click();
    await expect(keyFacts).toContainText("Bedrooms4");
    await snap(page, "property-detail");

    const outsider = await pageAs(SUMMIT_OWNER);
    expect((await outsider.goto(url))?.status()).toBe(404);
    await expect(outsider.getByRole("heading", { name: "This property does not exist" })).toBeVisible();

    await page.goto("/properties");
    await page.getByLabel("Search").fill(title);
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByTestId("property-row")).toHaveCount(1);
    await expect(page.getByTestId("property-row")).toContainText("Reserved");
    await page.getByRole("link", { name: title }).click();
    await page.getByRole("button", { name: "Delete property" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete property" }).click();
    await expect(page.getByText("The property was deleted.")).toBeVisible();
    await expect(page).toHaveURL(/\/properties$/);
    await page.goto(url);
    await expect(page.getByRole("heading", { name: "This property does not exist" })).toBeVisible();
  });

  test("a demo listing's page shows its visits and the leads interested, at 1280 and 390 px", async ({ pageAs }) => {
    const page = await pageAs(STAFF);
    // A property with a visit: its lead is among the interested.
    await page.goto("/visits?all=1");
    const row = page.getByTestId("visit-row").first();
    const leadName = ((await row.locator('a[href^="/leads/"]').first().textContent()) ?? "").trim();
    const href = (await row.locator('a[href^="/properties/"]').first().getAttribute("href")) ?? "";
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width > 640 ? 800 : 844 });
      await page.goto(href);
      await expect(page.getByLabel("Key facts")).toBeVisible();
      await expect(page.getByLabel("Visits", { exact: true }).getByTestId("visit-row").first()).toBeVisible();
      await expect(page.getByLabel("Interested leads").getByRole("link", { name: leadName })).toBeVisible();
    }
    await page.getByLabel("Interested leads").getByRole("link", { name: leadName }).click();
    await expect(page.getByRole("heading", { level: 1, name: leadName })).toBeVisible();
  });

  test("a visit booked from the property's page opens on that property; See all visits lists only its visits", async ({
    pageAs,
  }) => {
    const page = await pageAs(STAFF);
    const name = `Viewer ${unique()}`;
    await createLeadInUi(page, { name });
    const title = `Loft ${unique()}`;
    await page.goto("/properties/new");
    await page.getByLabel("Title").fill(title);
    await page.getByRole("button", { name: "Create property" }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const propertyPath = new URL(page.url()).pathname;
    const propertyId = propertyPath.split("/").at(-1) ?? "";

    await page.getByRole("link", { name: "Book a visit" }).click();
    await expect(page).toHaveURL(new RegExp(`/visits/new\\?propertyId=${propertyId}$`));
    // The property is kept through finding the lead, and the form opens on it.
    await expect(page.getByText(`At ${title}.`)).toBeVisible();
    await page.getByRole("searchbox", { name: "Lead" }).fill(name);
    await page.getByRole("button", { name: "Find" }).click();
    await page.getByRole("link", { name: `Book a visit with ${name}` }).click();
    await hydrated(page, "select[name=propertyId]");
    await expect(page.getByLabel("Property")).toHaveValue(propertyId);
    await page.getByLabel("Day", { exact: true }).fill("2031-03-04");
    await page.getByLabel("Agent", { exact: true }).selectOption({ label: "No agent" });
    await page.getByRole("button", { name: "Book visit" }).click();
    await expect(page.getByText("Visit booked.")).toBeVisible();

    await page.goto(propertyPath);
    const visits = page.getByLabel("Visits", { exact: true });
    await expect(visits.getByTestId("visit-row")).toHaveCount(1);
    await expect(visits.getByTestId("visit-row")).toContainText(name);
    await visits.getByRole("link", { name: "See all visits" }).click();
    await expect(page.getByTestId("visits-property-filter")).toContainText(`Visits at ${title} only.`);
    await expect(page.getByTestId("visit-row")).toHaveCount(1);
    await expect(page.getByTestId("visit-row")).toContainText(name);
    // The way out: every property's visits again.
    await page.getByRole("link", { name: "Show every property's" }).click();
    await expect(page.getByTestId("visits-property-filter")).toHaveCount(0);
  });
});
