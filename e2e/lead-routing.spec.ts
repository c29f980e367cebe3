import type { Page } from "@playwright/test";
import { expect, snap, test, unique } from "./support/fixtures";
import { OWNER, STAFF } from "./support/demo-users";

// Settings → Lead routing, walked by an owner: a rule for one source, round robin over two agents;
// leads made in the New lead form and left to routing go to each in turn; an agent marked
// unavailable is skipped. The rule only takes this run's own source, and is deleted at the end.

async function routedLead(page: Page, name: string, source: string): Promise<string> {
  await page.goto("/leads/new");
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Source", { exact: true }).fill(source);
  await page.getByLabel("Assigned to").selectOption({ label: "Unassigned: lead routing decides" });
  await page.getByRole("button", { name: "Create lead" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const assigned = page.getByText(/^Assigned to (.+) by rule “/).first();
  await expect(assigned).toBeVisible();
  return (/^Assigned to (.+) by rule/.exec((await assigned.textContent()) ?? "") ?? [])[1] ?? "";
}

test("an owner's rule sends a source's new leads round robin, skipping an unavailable agent", async ({ pageAs }) => {
  const page = await pageAs(OWNER);
  const run = unique();
  const source = `e2e-routing-${run}`;
  const rule = `Routing ${run}`;

  await page.goto("/settings/lead-routing");
  const form = page.getByRole("form", { name: "New rule" });
  await form.getByLabel("Name").fill(rule);
  await form.getByLabel("Source is one of").fill(source);
  await form.getByRole("checkbox", { name: OWNER.name }).check();
  await form.getByRole("checkbox", { name: STAFF.name }).check();
  await form.getByRole("button", { name: "Add rule" }).click();
  await expect(page.getByText(`When source is ${source} → round robin: ${OWNER.name}, ${STAFF.name}`)).toBeVisible();
  await snap(page, "settings-lead-routing");

  // Round robin: two leads, one agent each, whichever had the turn.
  const first = await routedLead(page, `Routed A ${run}`, source);
  const second = await routedLead(page, `Routed B ${run}`, source);
  expect([first, second].sort()).toEqual([OWNER.name, STAFF.name].sort());

  // Sam is away: the rule's round robin skips him, and the page says so.
  await page.goto("/settings/lead-routing");
  await page.getByRole("button", { name: `Mark ${STAFF.name} unavailable` }).click();
  await expect(page.getByText("unavailable: round robin skips them", { exact: true })).toBeVisible();
  try {
    for (const letter of ["C", "D"]) expect(await routedLead(page, `Routed ${letter} ${run}`, source)).toBe(OWNER.name);
  } finally {
    await page.goto("/settings/lead-routing");
    await page.getByRole("button", { name: `Mark ${STAFF.name} available` }).click();
    await expect(page.getByText("unavailable: round robin skips them", { exact: true })).toHaveCount(0);
    await page.getByRole("button", { name: `Delete ${rule}` }).click();
    await expect(page.getByText(`When source is ${source}`)).toHaveCount(0);
  }
});
