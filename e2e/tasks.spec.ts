import { expect, test, unique } from "./support/fixtures";
import { STAFF } from "./support/demo-users";
import { createLeadInUi, latestActivity } from "./support/staff-views";

// Issue 34, tasks: the demo agent's dashboard lists their tasks (overdue and today) and completes
// one in a click; the lead page's Tasks panel adds a task and completes it (its timeline says so);
// the Tasks page filters by status.
test("an agent's tasks: the dashboard, the lead page's panel and the Tasks page", async ({ pageAs }) => {
  const page = await pageAs(STAFF);
  await page.goto("/dashboard");
  const card = page.getByTestId("dashboard-tasks");
  await expect(card.getByRole("heading", { level: 2, name: /Your tasks/ })).toBeVisible();
  const rows = card.getByTestId("dashboard-task");
  await expect(rows.first()).toBeVisible();
  const before = await rows.count();
  const title = (await rows.first().locator("p").first().textContent()) ?? "";
  await rows
    .first()
    .getByRole("button", { name: `Done: ${title}` })
    .click();
  await expect(rows).toHaveCount(before - 1);

  const name = `Tasked ${unique()}`;
  await createLeadInUi(page, { name });
  const panel = page.getByRole("region", { name: "Tasks" });
  const task = `Call ${name} back`;
  await panel.getByLabel("Task", { exact: true }).fill(task);
  await panel.getByLabel("Time", { exact: true }).fill("16:45");
  await panel.getByRole("button", { name: "Add task" }).click();
  await expect(panel.getByTestId("task-row").filter({ hasText: task })).toContainText("16:45");
  await panel.getByRole("button", { name: `Done: ${task}` }).click();
  // A call done is first contact: the lead's move to Contacted is above it (pipeline-moves.ts).
  await expect(latestActivity(page)).toHaveAttribute("data-type", "lead_status_changed");
  await expect(page.getByTestId("activity").nth(1)).toContainText(`Task done: ${task}`);

  await page.goto("/tasks?status=done&who=");
  await expect(page.getByTestId("task-row").filter({ hasText: task })).toBeVisible();
});
