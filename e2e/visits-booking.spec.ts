import type { Page } from "@playwright/test";
import { expect, snap, test, unique } from "./support/fixtures";
import { OWNER, STAFF } from "./support/demo-users";
import { SUMMIT_OWNER, createLeadInUi, latestActivity } from "./support/staff-views";
import { clockIn, hydrated, setTimeZone } from "./support/time-zone";

// Booking and rescheduling a visit in the app, and times in each viewer's own zone. The demo
// account's zone is America/New_York; its users follow it until they choose their own.

/** Fills the booking form (already open) and books; returns the new visit's page. Without a
 * day and time, books the ones the form opened with. No agent unless one is named: these specs
 * are about times, and an agent is at one visit at a time, so the same slot booked again (the
 * next viewport, the next run on this database) would be a double booking. */
async function bookVisit(page: Page, day?: string, time?: string, agent = "No agent"): Promise<string> {
  await fillBooking(page, day, time, agent);
  await page.getByRole("button", { name: "Book visit" }).click();
  await expect(page.getByText("Visit booked.")).toBeVisible();
  await expect(page).toHaveURL(/\/visits\/visit_[0-9a-z]+$/);
  return page.url();
}

async function fillBooking(page: Page, day: string | undefined, time: string | undefined, agent: string) {
  await expect(page.getByRole("heading", { level: 1, name: /^Book a visit with / })).toBeVisible();
  await hydrated(page, "select[name=propertyId]");
  await page.getByLabel("Property").selectOption({ index: 1 });
  if (day) await page.getByLabel("Day", { exact: true }).fill(day);
  if (time) await page.getByLabel("Time", { exact: true }).fill(time);
  await page.getByLabel("Agent", { exact: true }).selectOption({ label: agent });
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
    await page.getByRole("link", { name: "Book a visit" }).first().click();
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
  const name = `Zone Lead ${unique()}`;
  await createLeadInUi(owner, { name });
  // Booked from the Visits page this time: find the lead, then the same form.
  await owner.goto("/visits");
  await owner.getByRole("link", { name: "Book a visit" }).click();
  await owner.getByRole("searchbox", { name: "Lead" }).fill(name);
  await owner.getByRole("button", { name: "Find" }).click();
  await owner.getByRole("link", { name: `Book a visit with ${name}` }).click();
  const visitUrl = await bookVisit(owner, "2030-11-25", "10:00");
  await expect(owner.getByTestId("visit-when")).toContainText("Mon 25 Nov, 10:00 EST");

  const staff = await pageAs(STAFF);
  await setTimeZone(staff, "Europe/Paris");
  try {
    await staff.goto(visitUrl);
    await expect(staff.getByTestId("visit-when")).toContainText("Mon 25 Nov, 16:00 GMT+1");
    // Every other time too, e.g. the Messages page's: Paris time, named.
    await staff.goto("/messages");
    const smsTime = staff.getByTestId("conversation-row").first().locator("time");
    await expect(smsTime).toContainText(clockIn((await smsTime.getAttribute("datetime")) ?? "", "Europe/Paris"));
    // The week view places it on its Paris day and time: in Monday's column, at the 16:00 row.
    await staff.goto("/visits?view=week&day=2030-11-25");
    await expect(staff.getByTestId("calendar-zone")).toContainText("Central European Time (Paris), GMT+1");
    const monday = staff.locator('[data-testid=calendar-day][data-day="2030-11-25"]');
    const block = monday.getByTestId("calendar-visit").filter({ hasText: name });
    await expect(block).toContainText("16:00–16:30");
    await expect(staff.getByTestId("calendar-visit").filter({ hasText: name })).toHaveCount(1);
    const [box, column, heading, hour] = await Promise.all([
      block.boundingBox(),
      monday.boundingBox(),
      staff.getByTestId("calendar-day-heading").filter({ hasText: "Mon 25 Nov" }).boundingBox(),
      staff.locator('[data-testid=calendar-hour][data-hour="16:00"]').boundingBox(),
    ]);
    if (!box || !column || !heading || !hour) throw new Error("the week grid is not laid out");
    expect(Math.abs(box.y - hour.y)).toBeLessThan(2);
    // 30 minutes: half an hour row.
    expect(Math.abs(box.height - hour.height / 2)).toBeLessThan(2);
    expect(box.x).toBeGreaterThanOrEqual(heading.x - 1);
    expect(box.x + box.width).toBeLessThanOrEqual(heading.x + heading.width + 1);
    expect(Math.abs(column.x - heading.x)).toBeLessThan(2);

    // On a phone the week is a list of days: the visit is under Monday.
    await staff.setViewportSize({ width: 390, height: 844 });
    const mondayCard = staff.locator('[data-testid=agenda-day][data-day="2030-11-25"]');
    await expect(mondayCard.getByTestId("agenda-visit").filter({ hasText: name })).toContainText("16:00–16:30");
    // Each day to come books from its card: at 10:00 that day, in the viewer's zone.
    await expect(mondayCard.getByRole("link", { name: "Book a visit on Monday 25 Nov" })).toHaveAttribute(
      "href",
      "/visits/new?at=2030-11-25T10%3A00",
    );
    // …whose heading opens the day view: the same grid, one column wide.
    await mondayCard.getByRole("link", { name: "Monday 25 Nov", exact: true }).click();
    await expect(staff).toHaveURL(/view=day&day=2030-11-25/);
    await expect(staff.getByTestId("calendar-day")).toHaveCount(1);
    await expect(staff.getByTestId("calendar-visit").filter({ hasText: name })).toBeVisible();

    // The README's picture: this week of the demo agency, in its own zone.
    await owner.goto("/visits?view=week");
    await expect(owner.getByTestId("calendar-grid")).toBeVisible();
    await snap(owner, "visits-week");
  } finally {
    // Back to the account's zone: other specs read this user's times.
    await setTimeZone(staff, "");
  }
});

test("a click on an empty hour of the week opens the booking form on that day and time", async ({ pageAs }) => {
  const page = await pageAs(OWNER);
  const name = `Slot Lead ${unique()}`;
  await createLeadInUi(page, { name });
  await page.goto("/visits?view=week&day=2030-11-27");
  const wednesday = page.locator('[data-testid=calendar-day][data-day="2030-11-27"]');
  // Each future hour of each day is a link under the visit blocks, named for screen readers.
  await wednesday.getByRole("link", { name: "Book a visit on Wed 27 Nov at 14:00" }).click();
  // The time is kept through finding the lead.
  await expect(page.getByText("On Wed 27 Nov at 14:00.")).toBeVisible();
  await page.getByRole("searchbox", { name: "Lead" }).fill(name);
  await page.getByRole("button", { name: "Find" }).click();
  await page.getByRole("link", { name: `Book a visit with ${name}` }).click();
  await expect(page.getByLabel("Day", { exact: true })).toHaveValue("2030-11-27");
  await expect(page.getByLabel("Time", { exact: true })).toHaveValue("14:00");
  const visitUrl = await bookVisit(page);
  await expect(page.getByTestId("visit-when")).toContainText("Wed 27 Nov, 14:00 EST");

  // Back on the week, the visit sits at the hour clicked.
  await page.goto("/visits?view=week&day=2030-11-27");
  const block = wednesday.getByTestId("calendar-visit").filter({ hasText: name });
  await expect(block).toContainText("14:00–14:30");
  // Visible, not only streamed: measured once React has put the page in place.
  await expect(block).toBeVisible();
  const [box, hour] = await Promise.all([
    block.boundingBox(),
    page.locator('[data-testid=calendar-hour][data-hour="14:00"]').boundingBox(),
  ]);
  if (!box || !hour) throw new Error("the week grid is not laid out");
  expect(Math.abs(box.y - hour.y)).toBeLessThan(2);
  // The block lies above the hour's booking link: a click opens the visit.
  await block.click();
  await expect(page).toHaveURL(visitUrl);
});

// Issue 31, finding 15: the list's loading skeleton sat above the visit page's layout, so another
// account's visit id answered HTTP 200 carrying the 404 page.
test("another account's visit id gives a real 404", async ({ pageAs }) => {
  const owner = await pageAs(OWNER);
  await owner.goto("/visits?all=1");
  const href = await owner.locator('a[href^="/visits/visit_"]').first().getAttribute("href");
  expect(href).toMatch(/^\/visits\/visit_/);

  const outsider = await pageAs(SUMMIT_OWNER);
  expect((await outsider.goto(href!))?.status()).toBe(404);
  // The visit has no not-found page of its own: Next's, inside the app's shell.
  await expect(outsider.getByRole("heading", { name: "This page could not be found.", exact: true })).toBeVisible();
});

for (const { width, height, label } of [
  { width: 1280, height: 800, label: "desktop" },
  { width: 390, height: 844, label: "phone" },
]) {
  test(`a double booking of one agent is refused; an owner can book anyway (${label})`, async ({ pageAs }) => {
    const page = await pageAs(OWNER);
    await page.setViewportSize({ width, height });
    // A slot of its own, so that no earlier run on this database has booked the agent then.
    const n = Math.floor(Math.random() * 5000);
    const day = new Date(Date.UTC(2032, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
    const first = `Busy Lead ${unique()}`;
    await createLeadInUi(page, { name: first });
    await page.getByRole("link", { name: "Book a visit" }).first().click();
    const firstUrl = await bookVisit(page, day, "14:00", "Sam Staff");

    const second = `Second Lead ${unique()}`;
    await createLeadInUi(page, { name: second });
    await page.getByRole("link", { name: "Book a visit" }).first().click();
    await fillBooking(page, day, "14:15", "Sam Staff");
    await page.getByRole("button", { name: "Book visit" }).click();
    await expect(page.getByText(/^This agent already has a visit at .+14:00/)).toBeVisible();
    await expect(page.getByRole("link", { name: "See the visit it overlaps" })).toHaveAttribute(
      "href",
      new URL(firstUrl).pathname,
    );
    await snap(page, `visit-conflict-${label}`);
    // What was typed stays; an owner may tick "Book anyway", and the visit is booked.
    await expect(page.getByLabel("Time", { exact: true })).toHaveValue("14:15");
    await page.getByLabel("Book anyway").check();
    await page.getByRole("button", { name: "Book visit" }).click();
    await expect(page.getByText("Visit booked.")).toBeVisible();
  });
}
