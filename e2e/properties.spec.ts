import { expect, snap, test, unique } from "./support/fixtures";
import { STAFF } from "./support/demo-users";
import { SUMMIT_OWNER } from "./support/staff-views";

test.describe("properties", () => {
  test("create, edit and delete a property; another account gets the 404 page", async ({ pageAs }) => {
    const page = await pageAs(STAFF);
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
    await page.getByLabel("City").fill("Oakland");
    await page.getByLabel("Country").fill("us");
    await page.getByRole("button", { name: "Create property" }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByText("Property created.")).toBeVisible();
    await expect(page.getByText("House · For sale · $1,250,000 · Oakland")).toBeVisible();
    await expect(page.getByLabel("Country")).toHaveValue("US");
    const url = page.url().replace(/\?.*$/, "");

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
});
