import type { Locator, Page } from "@playwright/test";
import { expect, snap, test, unique } from "./support/fixtures";
import { OWNER, STAFF } from "./support/demo-users";
import { SUMMIT_OWNER } from "./support/staff-views";
import { startWebhookReceiver, type WebhookReceiver } from "./support/webhook-receiver";

// Settings → Webhooks against a real receiver on loopback. The e2e server retries after 1 s
// (WEBHOOK_RETRY_SCHEDULE=1,1,1: four attempts) and polls jobs every 0.5 s (playwright.config.ts).

let receiver: WebhookReceiver;
test.beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
test.afterAll(async () => {
  await receiver.close();
});

const deliveryRow = (page: Page, eventId: string, attempt: number): Locator =>
  page.locator(`[data-testid="delivery-row"][data-event-id="${eventId}"][data-attempt="${attempt}"]`);

/** Presses "Send test event" and returns the id of the event it sent. */
async function sendTestEvent(page: Page): Promise<string> {
  const message = page.getByRole("status").filter({ hasText: /^Test event evt_/ });
  // The previous send's message stays until this one's answer replaces it.
  const previous = (await message.count()) ? await message.textContent() : null;
  await page.getByRole("button", { name: "Send test event" }).click();
  await expect(message).toBeVisible();
  if (previous) await expect(message).not.toHaveText(previous);
  return /Test event (evt_[0-9a-z]+) sent/.exec((await message.textContent()) ?? "")?.[1] ?? "";
}

test("an owner adds an endpoint, watches deliveries succeed, fail, retry and be resent, then disables it", async ({
  pageAs,
}) => {
  const page = await pageAs(OWNER);
  const description = `E2E receiver ${unique()}`;
  await page.goto("/settings/api");
  await page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Webhooks" }).click();
  await expect(page.getByRole("heading", { name: "Webhooks", exact: true })).toBeVisible();

  // (1) Add the endpoint: a chosen list of types must not be empty.
  await page.getByRole("button", { name: "Add endpoint" }).click();
  await page.getByLabel("URL").fill(receiver.url);
  await page.getByLabel("Description").fill(description);
  await page.getByLabel("Choose event types").check();
  await page.getByRole("button", { name: "Create endpoint" }).click();
  await expect(page.getByText("Choose at least one event type, or All events.")).toBeVisible();
  await expect(page.getByLabel("URL")).toHaveValue(receiver.url);
  const leads = page.getByRole("group", { name: "Leads" });
  await leads.getByLabel("lead.created").check();
  await leads.getByLabel("lead.status_changed").check();
  await page.getByRole("button", { name: "Create endpoint" }).click();

  const secret = (await page.getByTestId("new-webhook-secret").textContent()) ?? "";
  expect(secret).toMatch(/^whsec_/);
  const row = page.getByTestId("webhook-endpoint-row").filter({ hasText: description });
  await expect(row).toContainText("lead.created, lead.status_changed");
  await expect(row).toContainText("Enabled");
  await snap(page, "settings-webhooks-new-endpoint");
  await page.getByRole("link", { name: "Open endpoint" }).click();
  await expect(page).toHaveURL(/\/settings\/webhooks\/whep_[0-9a-z]+$/);
  const endpointUrl = page.url();
  await expect(page.getByTestId("endpoint-details")).toContainText(description);
  await page.getByRole("button", { name: "Reveal secret" }).click();
  await expect(page.getByTestId("endpoint-secret")).toHaveText(secret);

  // (2) A test event is delivered, signed, and logged with the receiver's 200.
  const okEvent = await sendTestEvent(page);
  await expect.poll(() => receiver.received.length).toBe(1);
  const [first] = receiver.received;
  expect(first.headers["webhook-id"]).toBe(okEvent);
  expect(first.headers["webhook-signature"]).toMatch(/^v1,/);
  expect(JSON.parse(first.body)).toMatchObject({ id: okEvent, type: "webhook.test" });
  const delivered = deliveryRow(page, okEvent, 1);
  await expect(delivered).toContainText("Delivered");
  await expect(delivered).toContainText("200");
  await expect(delivered.getByTestId("next-retry")).toHaveText("—");

  // (3) A 500 is a failure with a retry scheduled; the schedule then runs out after attempt 4.
  receiver.answer(500, "receiver exploded");
  const failedEvent = await sendTestEvent(page);
  const failed = deliveryRow(page, failedEvent, 1);
  await expect(failed).toContainText("Failed");
  await expect(failed).toContainText("500");
  await expect(failed.getByTestId("next-retry")).toHaveText(/ E[SD]T$/);
  await failed.getByRole("button", { name: /^Show \(/ }).click();
  const response = page.getByRole("dialog", { name: "Response to webhook.test (attempt 1)" });
  await expect(response.getByText("receiver exploded")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(response).toBeHidden();
  await expect(deliveryRow(page, failedEvent, 4).getByTestId("next-retry")).toHaveText("No more retries");
  await snap(page, "settings-webhooks-delivery-log");

  await page.getByRole("link", { name: "Failures only" }).click();
  await expect(page).toHaveURL(/\?failed=1$/);
  await expect(deliveryRow(page, okEvent, 1)).toHaveCount(0);
  await expect(page.getByTestId("delivery-row")).toHaveCount(4);
  await page.getByRole("link", { name: "All deliveries" }).click();
  await expect(deliveryRow(page, okEvent, 1)).toBeVisible();

  // (4) Once the receiver is fixed, a resend is a fifth attempt, marked as a resend.
  receiver.answer(200);
  await deliveryRow(page, failedEvent, 1).getByRole("button", { name: "Resend webhook.test (attempt 1)" }).click();
  const resent = deliveryRow(page, failedEvent, 5);
  await expect(resent.getByText("Manual", { exact: true })).toBeVisible();
  await expect(resent).toContainText("Delivered");
  await expect(resent).toContainText("200");

  // Rolling shows the new secret once and says the old one keeps working for a day.
  await page.getByRole("button", { name: "Roll secret" }).click();
  await page.getByRole("button", { name: "Roll secret now" }).click();
  await expect(page.getByText("the old secret keeps working for 24 hours")).toBeVisible();
  await expect(page.getByTestId("endpoint-secret")).toHaveText(/^whsec_/);
  await expect(page.getByTestId("endpoint-secret")).not.toHaveText(secret);

  // (5) Disabled by hand: no reason, no test events; one click enables it again.
  await page.getByRole("button", { name: "Disable endpoint" }).click();
  const notice = page.getByTestId("disabled-notice");
  await expect(notice).toContainText("This endpoint is disabled");
  await expect(page.getByRole("button", { name: "Send test event" })).toHaveCount(0);
  await page.getByRole("button", { name: "Enable endpoint" }).click();
  await expect(notice).toHaveCount(0);

  // Disabled by LeadProp (the receiver answers 410 Gone): the reason is shown prominently.
  receiver.answer(410);
  await sendTestEvent(page);
  await expect(notice).toContainText("LeadProp disabled this endpoint");
  await expect(notice).toContainText("The endpoint answered 410 Gone.");
  await snap(page, "settings-webhooks-disabled");
  await page.getByRole("link", { name: "Back to webhooks" }).click();
  await expect(row).toContainText("Disabled by LeadProp");
  await expect(row).toContainText("The endpoint answered 410 Gone.");

  // Another account's owner gets a 404; staff get the settings 403.
  const summit = await pageAs(SUMMIT_OWNER);
  expect((await summit.goto(endpointUrl))?.status()).toBe(404);
  await expect(summit.getByRole("heading", { name: "This webhook endpoint does not exist" })).toBeVisible();
  const staff = await pageAs(STAFF);
  expect((await staff.goto("/settings/webhooks"))?.status()).toBe(403);
  expect((await staff.goto(endpointUrl))?.status()).toBe(403);

  // Delete asks first; the list then says so (and the demo account keeps under its endpoint limit).
  await page.goto(endpointUrl);
  await page.getByRole("button", { name: "Delete endpoint" }).click();
  await page
    .getByRole("alertdialog", { name: "Delete this endpoint?" })
    .getByRole("button", { name: "Delete endpoint" })
    .click();
  await expect(page).toHaveURL(/\/settings\/webhooks$/);
  await expect(page.getByText("Endpoint deleted.")).toBeVisible();
  await expect(row).toHaveCount(0);
});
