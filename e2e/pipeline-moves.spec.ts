import { expect, snap, test, unique } from "./support/fixtures";
import { STAFF } from "./support/demo-users";
import { createLeadInUi, latestActivity } from "./support/staff-views";

// Issue 35, part 1: the pipeline follows the work. A note on a New lead moves it to Contacted by
// itself: the header's status says so, and the timeline shows the move above the note, made
// automatically for the note's author. At 1280 and 390 px.
test("a note moves a New lead to Contacted", async ({ pageAs }) => {
  const page = await pageAs(STAFF);
  for (const { width, height, label } of [
    { width: 1280, height: 800, label: "desktop" },
    { width: 390, height: 844, label: "phone" },
  ]) {
    await page.setViewportSize({ width, height });
    await createLeadInUi(page, { name: `Pipeline Lead ${unique()}` });
    const status = page.getByRole("form", { name: "Change status" }).getByLabel("Status");
    await expect(status).toHaveValue("new");

    await page.getByLabel("Note", { exact: true }).fill("Called, left a voicemail.");
    await page.getByRole("button", { name: "Add note" }).click();
    await expect(page.getByText("Note added.")).toBeVisible();

    await expect(status).toHaveValue("contacted");
    const move = latestActivity(page);
    await expect(move).toHaveAttribute("data-type", "lead_status_changed");
    await expect(move).toContainText("New → Contacted");
    await expect(move.getByTestId("activity-actor")).toHaveText("Automatically, after Sam Staff’s note");
    await expect(page.getByTestId("activity").nth(1)).toHaveAttribute("data-type", "note");
    await snap(page, `pipeline-move-${label}`);
  }
});
