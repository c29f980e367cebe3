import { expect, snap, test, unique } from "./support/fixtures";
import { STAFF } from "./support/demo-users";
import { expectedSendOutcome } from "./support/quiet-hours";
import { createLeadInUi } from "./support/staff-views";
import type { Page } from "@playwright/test";

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

// Issue 35, part 3: Messages is an inbox. A lead's reply (simulated through the inbound path, the
// log provider's stand-in) puts its conversation among the unread; staff open it, reply from it,
// and mark it read with the button: opening it reads nothing. At 1280 px, then on a 390 px phone.
test("a reply from the inbox, at 1280 and 390 px", async ({ pageAs }) => {
  const page = await pageAs(STAFF);
  await page.setViewportSize({ width: 1280, height: 900 });
  const name = `Inbox Lead ${unique()}`;
  const leadUrl = await createLeadInUi(page, { name, phone: "415 555 0177" });
  const conversationUrl = leadUrl.replace("/leads/", "/messages/");

  // The lead writes first; the conversation page itself offers the simulated reply.
  await page.goto(conversationUrl);
  const question = `Is the loft still available? ${unique()}`;
  await page.getByLabel("Reply as the lead").fill(question);
  await page.getByRole("button", { name: "Simulate reply" }).click();
  await expect(page.getByTestId("thread-message").filter({ hasText: question })).toContainText("Received");

  // The lead page shows it as new with the same button, and reads nothing by being opened either.
  await page.goto(leadUrl);
  await expect(page.getByRole("button", { name: "Mark read" })).toBeVisible();

  await page.goto("/messages");
  const row = page.getByTestId("conversation-row").filter({ hasText: name });
  await expect(row).toHaveAttribute("data-unread", "true");
  await expect(row.getByTestId("unread-count")).toHaveText("1 unread");
  await expect(row).toContainText(question);
  await row.getByRole("link").click();
  await expect(page).toHaveURL(conversationUrl);

  // Opening it marked nothing read: the button is there, and so is the count after a reload.
  await page.reload();
  await expect(page.getByRole("button", { name: "Mark read" })).toBeVisible();
  const answer = `Yes, viewings on Saturday ${unique()}`;
  await page.getByLabel("Message").fill(answer);
  await page.getByRole("button", { name: "Send SMS" }).click();
  const outcome = expectedSendOutcome("+14155550177");
  await expect(page.getByText(outcome.notice)).toBeVisible();
  await expect(page.getByTestId("thread-message").last()).toContainText(answer);
  await expect(page.getByTestId("thread-message").last()).toContainText(outcome.status);
  await page.getByRole("button", { name: "Mark read" }).click();
  // Gone once the action is done (while it runs, the button reads "Marking…").
  await expect(page.getByRole("button", { name: /^(Mark read|Marking…)$/ })).toHaveCount(0);
  expect(await pageWidth(page)).toBeLessThanOrEqual(1280);
  await snap(page, "inbox-conversation-1280");

  await page.goto("/messages");
  await expect(row).toHaveAttribute("data-unread", "false");
  await expect(row).toContainText(`You: ${answer}`);
  await expect(row).toContainText(outcome.status);
  await snap(page, "inbox-1280");

  // On a phone: the list and the thread fit, the reply box and Mark read work.
  await page.setViewportSize({ width: 390, height: 844 });
  const again = `And Sunday? ${unique()}`;
  await page.goto(conversationUrl);
  await page.getByLabel("Reply as the lead").fill(again);
  await page.getByRole("button", { name: "Simulate reply" }).click();
  await expect(page.getByTestId("thread-message").filter({ hasText: again })).toBeVisible();
  await page.goto("/messages");
  await expect(row).toHaveAttribute("data-unread", "true");
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  await snap(page, "inbox-390");
  await row.getByRole("link").click();
  const reply = `Sunday at 11 works ${unique()}`;
  await page.getByLabel("Message").fill(reply);
  await page.getByRole("button", { name: "Send SMS" }).click();
  await expect(page.getByText(outcome.notice)).toBeVisible();
  await expect(page.getByTestId("thread-message").last()).toContainText(reply);
  await page.getByRole("button", { name: "Mark read" }).click();
  // Gone once the action is done (while it runs, the button reads "Marking…").
  await expect(page.getByRole("button", { name: /^(Mark read|Marking…)$/ })).toHaveCount(0);
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  await snap(page, "inbox-conversation-390");
});
