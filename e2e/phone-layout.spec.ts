import { expect, test, unique } from "./support/fixtures";
import { OWNER } from "./support/demo-users";

// Issue 24, a phone at 390 px: every main page fits the screen's width, and no link, button or
// field is cut off at its right edge (the settings tabs and the usage log's request ids were).
// Only goto and a measurement, no screenshots: mobile-nav.spec.ts covers how the menu and cards
// look. The demo data fills the lists; an API key and two requests fill the usage section.
const LIST_PAGES = [
  "/dashboard",
  "/leads",
  "/leads?sort=name",
  "/leads/board",
  "/visits",
  "/visits?view=week",
  "/properties",
  "/messages",
  "/settings",
  "/settings/team",
  "/settings/webhooks",
  "/settings/audit-log",
  "/settings/custom-fields",
  "/profile",
];

test("at 390 px no main page is wider than the screen", async ({ pageAs, request }) => {
  const page = await pageAs(OWNER);
  await page.setViewportSize({ width: 390, height: 844 });

  // A key with requests, so Settings → Public API shows its usage chart and request log.
  await page.goto("/settings/api");
  await page.getByRole("button", { name: "Create API key" }).click();
  await page.getByLabel("Name").fill(`Phone layout ${unique()}`);
  await page.getByRole("button", { name: "Create key" }).click();
  const key = (await page.getByTestId("new-api-key").textContent()) ?? "";
  for (const limit of [2, 0])
    await request.get(`/api/v1/leads?limit=${limit}`, { headers: { Authorization: `Bearer ${key}` } });

  // One lead, visit and property of the demo data, from their lists.
  const firstLink = async (list: string, testId: string) => {
    await page.goto(list);
    return (await page.getByTestId(testId).first().getByRole("link").first().getAttribute("href")) ?? list;
  };
  const detailPages = [
    await firstLink("/leads", "lead-row"),
    await firstLink("/visits", "visit-row"),
    await firstLink("/properties", "property-row"),
  ];

  // The page's width, and the controls past the screen's edge inside a box that scrolls sideways
  // (a tab bar did): only a scroller that snaps, as the board's columns, shows part of its next
  // item on purpose. The table headers of phone cards are kept for screen readers only.
  const measure = async () => {
    const { width, cut } = await page.evaluate(() => {
      const snaps = (el: Element) => {
        for (let box = el.parentElement; box; box = box.parentElement)
          if (getComputedStyle(box).scrollSnapType !== "none") return true;
        return false;
      };
      const controls = document.querySelectorAll("main a, main button, main input, main select, main textarea");
      const cut = [...controls]
        .filter((el) => el.checkVisibility() && !el.closest("thead") && !snaps(el))
        .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
        .map((el) => (el.textContent || el.getAttribute("aria-label") || el.tagName).trim().slice(0, 40));
      return { width: document.documentElement.scrollWidth, cut };
    });
    expect.soft(width, `${page.url()} is ${width} px wide`).toBeLessThanOrEqual(390);
    expect.soft(cut, `${page.url()}: controls past the right edge`).toEqual([]);
  };
  for (const path of [...LIST_PAGES, ...detailPages]) {
    await page.goto(path);
    await expect(page.getByRole("main")).toBeVisible();
    await measure();
  }
  // A visit's card names its property and agent too (the table hides them below 768 and 1024 px).
  await page.goto("/visits");
  const card = page.getByTestId("visit-row").first();
  await expect(card.locator('a[href^="/properties/"]')).toBeVisible();
  await expect(card.getByRole("cell").nth(3)).toBeVisible();
  // Settings → Public API with the key's usage: its log is written just after each response.
  await expect(async () => {
    await page.goto("/settings/api");
    await expect(page.getByTestId("request-log-row").first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await measure();
});
