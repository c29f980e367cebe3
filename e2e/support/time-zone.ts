import { expect, type Page } from "@playwright/test";

// Times in the viewer's zone: choosing a user's zone, and what a time reads as in a zone,
// worked out here with the browser-independent Intl of the test runner (not the app's code).

/** React re-applies a <select>'s defaultValue when it hydrates: choose an option only after. */
export async function hydrated(page: Page, selector: string) {
  await page.waitForFunction((css) => {
    const element = document.querySelector(css);
    return element !== null && Object.keys(element).some((key) => key.startsWith("__reactFiber"));
  }, selector);
}

/** The signed-in user's own zone, on /profile ("" follows the account's). */
export async function setTimeZone(page: Page, zone: string) {
  await page.goto("/profile");
  await hydrated(page, "select[name=timezone]");
  await page.getByLabel("Time zone").selectOption(zone);
  await page.getByRole("button", { name: "Save time zone" }).click();
  await expect(page.getByText("Time zone saved.")).toBeVisible();
}

const part = (at: Date, zone: string, options: Intl.DateTimeFormatOptions, type: Intl.DateTimeFormatPartTypes) =>
  new Intl.DateTimeFormat("en-US", { timeZone: zone, ...options }).formatToParts(at).find((p) => p.type === type)!
    .value;

/** An ISO time's clock and zone name in `zone`: "16:05 GMT+1", "10:05 EST". */
export function clockIn(iso: string, zone: string): string {
  const at = new Date(iso);
  const clock = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  return `${clock.format(at)} ${part(at, zone, { timeZoneName: "short" }, "timeZoneName")}`;
}

/** An ISO time's day (YYYY-MM-DD) in `zone`. */
export const dayIn = (iso: string, zone: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: zone }).format(new Date(iso));
