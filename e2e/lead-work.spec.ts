import { expect, snap, test, unique } from "./support/fixtures";
import { STAFF } from "./support/demo-users";
import { expectedSendOutcome } from "./support/quiet-hours";
import { createLeadInUi, latestActivity } from "./support/staff-views";

test.describe("working a lead", () => {
  test("add a note and send an SMS through the log provider; it is on the Messages page as sent", async ({
    pageAs,
  }) => {
    const page = await pageAs(STAFF);
    const name = `Sms Lead ${unique()}`;
    await createLeadInUi(page, { name, phone: "415 555 0142" });

    await page.getByRole("button", { name: "Add note" }).click();
    await expect(page.getByText("Write the note first.")).toBeVisible();
    await page.getByLabel("Note", { exact: true }).fill("Called back.\nWants to see the garden flat on Saturday.");
    await page.getByRole("button", { name: "Add note" }).click();
    await expect(page.getByText("Note added.")).toBeVisible();
    await expect(page.getByLabel("Note", { exact: true })).toHaveValue("");
    // The note is first contact: the move to Contacted it made is above it (e2e/pipeline-moves.spec.ts).
    await expect(latestActivity(page)).toHaveAttribute("data-type", "lead_status_changed");
    const note = page.getByTestId("activity").nth(1);
    await expect(note).toHaveAttribute("data-type", "note");
    await expect(note).toContainText("Wants to see the garden flat on Saturday.");
    await expect(note.getByTestId("activity-actor")).toHaveText("Sam Staff");

    const message = `Hi, your viewing is confirmed for Saturday 10am. ${unique()}`;
    await page.getByLabel("Message").fill(message);
    await page.getByRole("button", { name: "Send SMS" }).click();
    const outcome = expectedSendOutcome("+14155550142");
    await expect(page.getByText(outcome.notice)).toBeVisible();
    await expect(latestActivity(page)).toHaveAttribute("data-type", outcome.activity);
    await expect(latestActivity(page)).toContainText(message);

    // Opted out: the page says so, and the send button is disabled.
    await page.getByRole("button", { name: "Edit details" }).click();
    await page.getByLabel("Opted out of SMS").check();
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Lead saved.")).toBeVisible();
    await expect(page.getByTestId("sms-disabled-reason")).toContainText("This lead opted out of SMS.");
    await expect(page.getByRole("button", { name: "Send SMS" })).toBeDisabled();

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Messages" }).click();
    const row = page.getByTestId("conversation-row").filter({ hasText: name });
    await expect(row).toContainText(message);
    await expect(row).toContainText(outcome.status);
    await expect(row).toContainText("(415) 555-0142"); // national, as the leads list shows it
    await snap(page, "messages");
  });

  test("a lead without a phone is told why no SMS can be sent", async ({ pageAs }) => {
    const page = await pageAs(STAFF);
    await createLeadInUi(page, { name: `No Phone ${unique()}` });
    await expect(page.getByText("This lead has no phone number.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Send SMS" })).toHaveCount(0);
  });

  test("cancel an upcoming visit (how it went waits until it starts); the lead's timeline records it", async ({
    pageAs,
  }) => {
    const page = await pageAs(STAFF);
    await page.goto("/visits");
    await expect(page.getByRole("heading", { name: "Visits", exact: true })).toBeVisible();
    await snap(page, "visits");
    // From today on (in the demo account's zone, New York), so the seed's past visits do not fill
    // the page: the first scheduled visit still to come offers "Cancelled" and nothing else, since
    // no one can have completed or missed it yet (issue 35).
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date());
    await page.getByLabel("Status").selectOption("scheduled");
    await page.getByLabel("From").fill(today);
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/status=scheduled/);
    const row = page
      .getByTestId("visit-row")
      .filter({ has: page.getByRole("button", { name: /cancelled$/ }) })
      .filter({ hasNot: page.getByRole("button", { name: /completed$/ }) })
      .first();
    const button = row.getByRole("button", { name: /^Mark visit with .+ cancelled$/ });
    const label = (await button.getAttribute("aria-label")) ?? "";
    const [, leadName, when] = /^Mark visit with (.+) on (.+) cancelled$/.exec(label) ?? [];
    await expect(row.getByRole("button", { name: /no-show$/ })).toHaveCount(0);
    await button.click();

    // Cancelled visits only, this one among them.
    await page.getByLabel("Status").selectOption("cancelled");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/status=cancelled/);
    const cancelled = page.getByTestId("visit-row").filter({ hasText: leadName }).filter({ hasText: when });
    await expect(cancelled).toContainText("Cancelled");
    for (const text of await page.getByTestId("visit-row").allTextContents()) expect(text).toContain("Cancelled");

    // A visit that took place offers the other outcomes in a "Change" menu, to correct a slip;
    // Escape closes it unchanged.
    await page.goto("/visits?status=completed");
    // A freshly loaded page: the keys below go to the menu's own handlers only once it is hydrated.
    await page.waitForLoadState("networkidle");
    const change = page.getByRole("button", { name: /^Change the outcome of visit with / }).first();
    await change.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("menuitem", { name: /cancelled$/ })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu")).toHaveCount(0);
    await expect(change).toBeFocused();

    await page.goto("/visits?status=cancelled");
    await page.getByTestId("visit-row").filter({ hasText: when }).getByRole("link", { name: leadName }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: leadName })).toBeVisible();
    await expect(latestActivity(page)).toContainText("marked cancelled");
    await expect(latestActivity(page).getByTestId("activity-actor")).toHaveText("Sam Staff");
  });
});
