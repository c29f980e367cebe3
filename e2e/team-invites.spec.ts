import type { Page } from "@playwright/test";
import { expect, snap, test, unique } from "./support/fixtures";
import { OWNER } from "./support/demo-users";
import { openOutboxMail } from "./support/sign-up";

// Settings → Team's invites (issue 35, part 5): the demo owner invites an address, the invitee
// opens the mail from the local outbox (/dev/mail), chooses a name and password, is signed in,
// and signs in again with them. The owner's Team page is checked at a laptop's and a phone's width.

/** The page is no wider than the screen and no control sits past its right edge. */
async function fitsTheScreen(page: Page, width: number): Promise<void> {
  const found = await page.evaluate(() => ({
    width: document.documentElement.scrollWidth,
    pastEdge: [...document.querySelectorAll("main a, main button, main input, main select")]
      .filter((el) => el.checkVisibility() && !el.closest("thead"))
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
      .map((el) => (el.textContent || el.getAttribute("aria-label") || el.tagName).trim().slice(0, 40)),
  }));
  expect.soft(found.width, `the Team page is ${found.width} px wide at ${width} px`).toBeLessThanOrEqual(width);
  expect.soft(found.pastEdge, `controls past the right edge at ${width} px`).toEqual([]);
}

test("an owner invites by email; the invitee chooses a password from the outbox's link and signs in", async ({
  pageAs,
  browser,
  baseURL,
}) => {
  const owner = await pageAs(OWNER);
  await owner.setViewportSize({ width: 1280, height: 800 });
  await owner.goto("/settings/team");
  const email = `nia-${unique()}@example.com`;

  // Already a member: said plainly, on the field.
  await owner.getByLabel("Email").fill(OWNER.email);
  await owner.getByRole("button", { name: "Send invite" }).click();
  await expect(owner.getByText(`${OWNER.email} is already a member of this account.`).first()).toBeVisible();

  await owner.getByLabel("Email").fill(email);
  await owner.getByLabel("Role").selectOption("staff");
  await owner.getByRole("button", { name: "Send invite" }).click();
  await expect(owner.getByRole("status").filter({ hasText: `Invite sent to ${email}.` })).toBeVisible();
  const pending = owner
    .getByRole("region", { name: /Pending invites/ })
    .getByRole("row")
    .filter({ hasText: email });
  await expect(pending).toContainText("Pending");

  // The invitee, in a browser of their own.
  const context = await browser.newContext({ baseURL });
  const invitee = await context.newPage();
  await invitee.setViewportSize({ width: 390, height: 844 });
  await openOutboxMail(invitee, email, "on LeadProp");
  await expect(invitee.getByText(`${OWNER.name} invited you to join ${OWNER.account} on LeadProp`)).toBeVisible();
  await invitee.getByRole("link", { name: /\/invite\?token=/ }).click();
  await expect(invitee.getByRole("heading", { name: `Join ${OWNER.account}` })).toBeVisible();
  await expect(invitee.getByText(email)).toBeVisible();
  const link = invitee.url();
  await invitee.getByLabel("Your name").fill("Nia Newhire");
  await invitee.getByLabel("New password", { exact: true }).fill("nia-own-pass-1");
  await invitee.getByLabel("Confirm new password").fill("nia-own-pass-1");
  await snap(invitee, "invite-accept-phone");
  await invitee.getByRole("button", { name: "Join the team" }).click();
  await expect(invitee).toHaveURL(/\/dashboard$/);
  await expect(invitee.getByTestId("current-user")).toContainText("Nia Newhire");

  // Signs in again with the password they chose; the link worked once.
  await context.clearCookies();
  await invitee.goto("/login");
  await invitee.getByLabel("Email").fill(email);
  await invitee.getByLabel("Password").fill("nia-own-pass-1");
  await invitee.getByRole("button", { name: "Sign in" }).click();
  await expect(invitee.getByTestId("current-user")).toContainText("Nia Newhire");
  await invitee.goto(link);
  await expect(invitee.locator("main").getByRole("alert")).toContainText("This invite was accepted already.");
  await context.close();

  // The owner's Team page: the new member listed, a second invite pending, at both widths.
  await owner.reload();
  await expect(owner.getByRole("row").filter({ hasText: email })).toContainText("Nia Newhire");
  const later = `leo-${unique()}@example.com`;
  await owner.getByLabel("Email").fill(later);
  await owner.getByLabel("Role").selectOption("owner");
  await owner.getByRole("button", { name: "Send invite" }).click();
  const laterRow = owner.getByRole("row").filter({ hasText: later });
  await expect(laterRow).toContainText("Owner");
  await fitsTheScreen(owner, 1280);
  await snap(owner, "team-invites-desktop");

  await owner.setViewportSize({ width: 390, height: 844 });
  await fitsTheScreen(owner, 390);
  await snap(owner, "team-invites-phone");
  // A resend right away is refused in words; a revoke takes the invite off the list.
  await laterRow.getByRole("button", { name: `Resend the invite to ${later}` }).click();
  await expect(laterRow.getByRole("alert")).toContainText("was just sent. Try again in");
  await laterRow.getByRole("button", { name: `Revoke the invite to ${later}` }).click();
  await owner.getByRole("alertdialog").getByRole("button", { name: "Revoke invite" }).click();
  await expect(laterRow).toHaveCount(0);

  // The member joined by invite is managed as any other: deactivated, reactivated, removed.
  const memberRow = owner.getByRole("row").filter({ hasText: email });
  await memberRow.getByRole("button", { name: "Deactivate Nia Newhire" }).click();
  await owner.getByRole("alertdialog").getByRole("button", { name: "Deactivate", exact: true }).click();
  await expect(memberRow).toContainText("Inactive");
  await memberRow.getByRole("button", { name: "Reactivate Nia Newhire" }).click();
  await expect(memberRow).not.toContainText("Inactive");
  await memberRow.getByRole("button", { name: "Remove Nia Newhire" }).click();
  await owner.getByRole("alertdialog").getByRole("button", { name: "Remove from team" }).click();
  await expect(memberRow).toHaveCount(0);
});
