import { expect, snap, test, unique } from "./support/fixtures";
import { STAFF } from "./support/demo-users";
import { createLeadInUi, latestActivity } from "./support/staff-views";

// Issue 24: everyone lands on the dashboard; the pipeline board moves a lead by keyboard.
test.describe("dashboard and pipeline board", () => {
  test("after signing in, the dashboard shows; at 390 px its cards stack", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Email").fill(STAFF.email);
    await page.getByLabel("Password").fill(STAFF.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    for (const title of ["Your visits", "My leads by status", "New leads to contact", "Waiting on a reply"])
      await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
    // Staff have no setup steps; the main navigation leads back here.
    await expect(page.getByTestId("first-run-steps")).toHaveCount(0);
    await expect(
      page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }),
    ).toHaveAttribute("aria-current", "page");
    await snap(page, "dashboard");

    await page.setViewportSize({ width: 390, height: 844 });
    const visits = await page.getByTestId("dashboard-visits").boundingBox();
    const mine = await page.getByTestId("dashboard-my-leads").boundingBox();
    expect(visits && mine && Math.abs(visits.x - mine.x) < 1 && mine.y > visits.y).toBe(true);
    await snap(page, "dashboard-phone");

    // The README's lead page: a demo lead from the day's visits (its visits, texts and timeline),
    // not a lead a test has just made.
    await page.setViewportSize({ width: 1280, height: 800 });
    const visitLead = page.getByTestId("dashboard-visit").first().getByRole("link").nth(1);
    const leadName = (await visitLead.textContent()) ?? "";
    await visitLead.click();
    await expect(page.getByRole("heading", { level: 1, name: leadName })).toBeVisible();
    await expect(latestActivity(page)).toBeVisible();
    await snap(page, "lead-detail");
  });

  for (const width of [1280, 390]) {
    test(`at ${width} px, a card moved by keyboard changes the lead's status`, async ({ pageAs }) => {
      const page = await pageAs(STAFF);
      await page.setViewportSize({ width, height: 900 });
      const name = `Board Lead ${unique()}`;
      const leadUrl = await createLeadInUi(page, { name });

      await page.goto("/leads");
      await page.getByRole("link", { name: "Pipeline board" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Pipeline board" })).toBeVisible();
      const card = (status: string) =>
        page.getByTestId(`board-column-${status}`).getByTestId("board-card").filter({ hasText: name });
      await expect(card("new")).toBeVisible();
      const contactedTotal = Number(
        await page.getByTestId("board-column-contacted").getByTestId("column-total").textContent(),
      );

      // Space picks the card up, the right arrow takes it to the next column, Space drops it.
      await page.getByRole("button", { name: `Drag ${name}` }).focus();
      await page.keyboard.press("Space");
      await page.keyboard.press("ArrowRight");
      await expect(page.getByTestId("board-column-contacted")).toHaveAttribute("data-over", "true");
      await page.keyboard.press("Space");
      await expect(card("contacted")).toBeVisible();
      await expect(card("new")).toHaveCount(0);
      await expect(page.getByTestId("board-column-contacted").getByTestId("column-total")).toHaveText(
        String(contactedTotal + 1),
      );
      await expect(page.getByRole("status").filter({ hasText: `${name} moved to Contacted.` })).toBeAttached();
      await snap(page, width === 1280 ? "pipeline-board" : "pipeline-board-phone");

      // The card's "Move to…" menu by keyboard: Enter opens it on its first item (New), the down
      // arrow reaches Qualified, Enter chooses it.
      await card("contacted")
        .getByRole("button", { name: `Move ${name} to…` })
        .focus();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("menuitem", { name: "New" })).toBeFocused();
      await page.keyboard.press("ArrowDown");
      await expect(page.getByRole("menuitem", { name: "Qualified" })).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("menu")).toHaveCount(0);
      await expect(card("qualified")).toBeVisible();
      await expect(card("contacted")).toHaveCount(0);
      await expect(card("qualified").getByRole("button", { name: `Move ${name} to…` })).toBeFocused();
      await expect(page.getByRole("status").filter({ hasText: `${name} moved to Qualified.` })).toBeAttached();

      await page.goto(leadUrl);
      await expect(latestActivity(page)).toHaveAttribute("data-type", "lead_status_changed");
      await expect(latestActivity(page)).toContainText("Qualified");
    });
  }
});
