import { expect, snap, test, unique } from "./support/fixtures";
import { STAFF } from "./support/demo-users";
import { createLeadInUi, latestActivity } from "./support/staff-views";

// The lead page's header (issue 24): the status changed in place, saved on pick, and the change
// at the top of the timeline; call and text one tap away; deleting at the bottom, not the top.
for (const { width, height, label } of [
  { width: 1280, height: 800, label: "desktop" },
  { width: 390, height: 844, label: "phone" },
]) {
  test(`change a lead's status from the header (${label})`, async ({ pageAs }) => {
    const page = await pageAs(STAFF);
    await page.setViewportSize({ width, height });
    await createLeadInUi(page, { name: `Header Lead ${unique()}`, phone: "415 555 0188" });

    await expect(page.getByRole("link", { name: /^Call/ })).toHaveAttribute("href", "tel:+14155550188");
    await expect(page.getByRole("link", { name: "Text", exact: true })).toHaveAttribute("href", "#sms");
    await expect(page.getByRole("link", { name: /^Email/ })).toHaveCount(0);

    const status = page.getByRole("form", { name: "Change status" }).getByLabel("Status");
    await status.selectOption("won");
    await expect(page.getByText("Status set to Won.")).toBeVisible();
    await expect(status).toHaveValue("won");
    await expect(latestActivity(page)).toHaveAttribute("data-type", "lead_status_changed");
    await expect(latestActivity(page)).toContainText("New → Won");
    await expect(latestActivity(page).getByTestId("activity-actor")).toHaveText("Sam Staff");

    if (label === "desktop") {
      // A lead made in the app is its maker's: hand it back to the team.
      const owner = page.getByRole("form", { name: "Reassign lead" }).getByLabel("Assigned to");
      await expect(owner).toHaveValue(/^user_/);
      await owner.selectOption({ label: "Unassigned" });
      await expect(page.getByText("Lead unassigned.")).toBeVisible();
      await expect(latestActivity(page)).toHaveAttribute("data-type", "lead_updated");
      await expect(latestActivity(page)).toContainText("Assigned to:Sam Staff → —");
    }

    // The timeline comes before "Delete lead", which is no longer the first thing on a phone.
    const timelineTop = (await page.getByTestId("activity").first().boundingBox())?.y ?? 0;
    const deleteTop = (await page.getByRole("button", { name: "Delete lead" }).boundingBox())?.y ?? 0;
    expect(deleteTop).toBeGreaterThan(timelineTop);
    await snap(page, `lead-header-${label}`);
  });
}
