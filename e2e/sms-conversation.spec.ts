import { expect, snap, test, unique } from "./support/fixtures";
import { STAFF } from "./support/demo-users";
import { expectedSendOutcome } from "./support/quiet-hours";
import { createLeadInUi, latestActivity } from "./support/staff-views";
import { clockIn } from "./support/time-zone";

// The embedded default with the log provider: nothing is sent, and the lead's replies are
// simulated on the lead page through the same path as Twilio's inbound webhook.
test.describe("an SMS conversation", () => {
  test("a reply shows in the thread; the lead's STOP disables sending, with the reason", async ({ pageAs }) => {
    const page = await pageAs(STAFF);
    const name = `Thread Lead ${unique()}`;
    await createLeadInUi(page, { name, phone: "415 555 0166" });

    // Staff write down the consent the lead gave on the phone: the record and its history show it.
    const consent = page.getByLabel("SMS consent record");
    await expect(consent).toContainText("Not recorded");
    await page.getByText("Record consent given or withdrawn").click();
    await page.getByLabel("How", { exact: true }).fill("verbal, on the first call");
    await page.getByRole("button", { name: "Record consent" }).click();
    await expect(consent).toContainText("Granted");
    await expect(consent).toContainText("verbal, on the first call");
    await expect(page.getByLabel("Consent history")).toContainText("Granted · verbal, on the first call");

    await page.getByLabel("Message").fill("Would Saturday 10am suit you for the viewing?");
    await page.getByRole("button", { name: "Send SMS" }).click();
    const outcome = expectedSendOutcome("+14155550166");
    await expect(page.getByText(outcome.notice)).toBeVisible();

    const reply = `Saturday works, see you there ${unique()}`;
    await page.getByLabel("Reply as the lead").fill(reply);
    await page.getByRole("button", { name: "Simulate reply" }).click();
    const thread = page.getByTestId("thread-message");
    await expect(thread.last()).toContainText(reply);
    await expect(thread.last()).toHaveAttribute("data-direction", "inbound");
    await expect(thread.first()).toHaveAttribute("data-direction", "outbound");
    await expect(thread.first()).toContainText(outcome.status);
    await expect(latestActivity(page)).toHaveAttribute("data-type", "sms_received");
    await snap(page, "sms-thread");

    await page.getByLabel("Reply as the lead").fill("stop");
    await page.getByRole("button", { name: "Simulate reply" }).click();
    // STOP writes the opt-out and, right after it, the consent record's change.
    await expect(latestActivity(page)).toHaveAttribute("data-type", "sms_consent_changed");
    await expect(page.locator('[data-testid="activity"][data-type="sms_opted_out"]')).toHaveCount(1);
    await expect(page.getByRole("button", { name: "Send SMS" })).toBeDisabled();
    await expect(page.getByTestId("sms-disabled-reason")).toContainText("opted out of SMS by replying STOP");
    // Only the lead can undo it: the opt-out box is locked.
    await expect(page.getByLabel("Opted out of SMS")).toBeChecked();
    await expect(page.getByLabel("Opted out of SMS")).toBeDisabled();
    // The STOP revoked the consent record too, and staff can no longer record a grant.
    await expect(consent).toContainText("Revoked");
    await expect(consent).toContainText("SMS reply STOP");
    await expect(page.getByText("Only the lead can grant it again")).toBeAttached();

    // The inbox: the lead's conversation, its latest message the STOP; the thread labels the reply.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Messages" }).click();
    const conversation = page.getByTestId("conversation-row").filter({ hasText: name });
    await expect(conversation).toContainText("stop");
    await conversation.getByRole("link").click();
    const received = page.getByTestId("thread-message").filter({ hasText: reply });
    await expect(received).toContainText("Received");
    // In the viewer's zone, named: staff follow the demo account's, America/New_York.
    const sentAt = (await received.locator("time").getAttribute("datetime")) ?? "";
    await expect(received.locator("time")).toContainText(clockIn(sentAt, "America/New_York"));
  });
});
