import type { Page } from "@playwright/test";
import { expect, snap, test, unique } from "./support/fixtures";
import { OWNER, STAFF } from "./support/demo-users";
import { createLeadInUi, latestActivity } from "./support/staff-views";

// Booking and rescheduling a visit in the app, and times in each viewer's own zone. The demo
// account's zone is America/New_York; its users follow it until they choose their own.

async function bookVisit(page: Page, day: string, time: string): Promise<string> {
  await page.getByRole("link", { name: "Book a visit" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: /^Book a visit with / })).toBeVisible();
  // React re-applies a <select>'s defaultValue when it hydrates: choose only after that.
  await page.waitForFunction(() => {
    const select = document.querySelector("select[name=propertyId]");
    return select !== null && Object.keys(select).some((key) => key.startsWith("__reactFiber"));
  });
  await page.getByLabel("Property").selectOption({ index: 1 });
  await page.getByLabel("Day", { exact: true }).fill(day);
  await page.getByLabel("Time", { exact: true }).fill(time);
  await page.getByRole("button", { name: "Book visit" }).click();
  await expect(page.getByText("Visit booked.")).toBeVisible();
  await expect(page).toHaveURL(/\/visits\/visit_[0-9a-z]+$/);
  return page.url();
}

for (const { width, height, label } of [
  { width: 1280, height: 800, label: "desktop" },
  { width: 390, height: 844, label: "phone" },
]) {
  test(`book a visit from the lead page, then reschedule it (${label})`, async ({ pageAs }) => {
    const page = await pageAs(OWNER);
    await page.setViewportSize({ width, height });
    const name = `Visit Lead ${unique()}`;
    await createLeadInUi(page, { name });
    await bookVisit(page, "2030-06-03", "10:00");
    await expect(page.getByTestId("visit-when")).toContainText("Mon 3 Jun, 10:00 EDT – 10:30");
    await snap(page, `visit-${label}`);

    await page.getByLabel("Time", { exact: true }).fill("11:30");
    await page.getByLabel("Length", { exact: true }).selectOption("45");
    await page.getByRole("button", { name: "Save new time" }).click();
    await expect(page.getByText("Visit rescheduled.")).toBeVisible();
    await expect(page.getByTestId("visit-when")).toContainText("Mon 3 Jun, 11:30 EDT – 12:15");

    await page.getByRole("link", { name }).click();
    await expect(latestActivity(page)).toContainText("Visit of Mon 3 Jun, 10:00 EDT moved to Mon 3 Jun, 11:30 EDT");
  });
}

test("a visit at 10:00 in New York is 16:00 for a user in Paris", async ({ pageAs }) => {
  const owner = await pageAs(OWNER);
  await createLeadInUi(owner, { name: `Zone Lead ${unique()}` });
  const visitUrl = await bookVisit(owner, "2030-11-25", "10:00");
  await expect(owner.getByTestId("visit-when")).toContainText("Mon 25 Nov, 10:00 EST");

  const staff = await pageAs(STAFF);
  await staff.goto("/profile");
  await staff.getByLabel("Time zone").selectOption("Europe/Paris");
  await staff.getByRole("button", { name: "Save time zone" }).click();
  await expect(staff.getByText("Time zone saved.")).toBeVisible();
  try {
    await staff.goto(visitUrl);
    await expect(staff.getByTestId("visit-when")).toContainText("Mon 25 Nov, 16:00 GMT+1");
    // The week view places it on its Paris day and time.
    await staff.goto("/visits?view=week&day=2030-11-25");
    await expect(staff.getByTestId("calendar-visit").filter({ hasText: "Zone Lead" }).first()).toContainText(
      "16:00–16:30",
    );
    await snap(staff, "visits-week");
  } finally {
    // Back to the account's zone: other specs read this user's times.
    await staff.goto("/profile");
    await staff.getByLabel("Time zone").selectOption("");
    await staff.getByRole("button", { name: "Save time zone" }).click();
    await expect(staff.getByText("Time zone saved.")).toBeVisible();
  }
});
