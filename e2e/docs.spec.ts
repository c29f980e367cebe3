import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { OWNER } from "./support/demo-users";
import { expect, snap, test, unique } from "./support/fixtures";

// /docs must work with no internet: everything it loads comes from this server (127.0.0.1),
// within the app's Content-Security-Policy.
function recordOutsideRequests(page: Page): { outside: string[]; quietForMs: () => number } {
  const outside: string[] = [];
  let lastRequestAt = Date.now();
  page.on("request", (request) => {
    lastRequestAt = Date.now();
    const url = new URL(request.url());
    if (["data:", "blob:", "about:"].includes(url.protocol)) return;
    if (url.hostname !== "127.0.0.1") outside.push(request.url());
  });
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/i.test(message.text()))
      outside.push(`CSP: ${message.text()}`);
  });
  return { outside, quietForMs: () => Date.now() - lastRequestAt };
}

test.describe("/docs, the API reference", () => {
  // Scalar parses and renders the whole document in the browser: 35–50 s beside the other worker on
  // two cores, and one clean-clone CI took 66 s (its trace: still rendering, nothing wrong).
  test.describe.configure({ timeout: 180_000 });
  test("renders the guide and every resource with no session and nothing loaded from elsewhere; its link downloads the Postman collection", async ({
    page,
  }) => {
    const { outside, quietForMs } = recordOutsideRequests(page);
    // Scalar validates the document it renders and logs what it finds (an outside review once
    // counted 23 messages); a missing favicon logged a 404 here too. The console stays clean.
    const complaints: string[] = [];
    page.on("console", (message) => {
      if (["error", "warning"].includes(message.type())) complaints.push(message.text());
    });
    const documentLoaded = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/v1/openapi.json");
    const response = await page.goto("/docs");
    expect(response?.status()).toBe(200);
    expect((await documentLoaded).status()).toBe(200);
    // Scalar parses the whole document in the browser before it renders the guide: seconds of CPU,
    // more while the other worker's browser and server share the two cores.
    await expect(page.getByRole("heading", { name: "Getting started" })).toBeVisible({ timeout: 90_000 });
    for (const heading of ["Pagination", "Rate limits", "Errors", "Idempotency"]) {
      await expect(page.getByRole("heading", { name: heading, exact: true })).toBeVisible();
    }
    await expect(page.getByText("List leads").first()).toBeVisible();
    await expect(page.getByText("Create a lead").first()).toBeVisible();
    // Whatever the reference fetches lazily (fonts, registries, telemetry) has been asked for once
    // its fonts have settled and no new request has started for a second. (Not "network idle":
    // the reference keeps a request of its own open.)
    await page.evaluate(async () => {
      await document.fonts.ready;
    });
    await expect.poll(quietForMs, { timeout: 20_000 }).toBeGreaterThan(1_000);
    await snap(page, "docs-reference");
    expect(outside).toEqual([]);
    expect(complaints).toEqual([]);

    // The guide's link downloads the Postman collection, its base URL this server. (On the page
    // already rendered: a second render costs 30 s of the two cores.)
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Postman collection" }).first().click(),
    ]);
    expect(download.suggestedFilename()).toBe("leadprop-api.postman_collection.json");
    const collection = JSON.parse(readFileSync(await download.path(), "utf8")) as {
      info: { schema: string };
      variable: Array<{ key: string; value?: string }>;
    };
    expect(collection.info.schema).toBe("https://schema.getpostman.com/json/collection/v2.1.0/collection.json");
    expect(collection.variable).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: "baseUrl", value: new URL(page.url()).origin }),
        expect.objectContaining({ key: "apiKey" }),
      ]),
    );
  });

  test("a key created in Settings, pasted into the reference, lists the account's leads from this server", async ({
    pageAs,
  }) => {
    const page = await pageAs(OWNER);
    await page.goto("/settings/api");
    await page.getByRole("button", { name: "Create API key" }).click();
    await page.getByLabel("Name").fill(`Docs ${unique()}`);
    await page.getByRole("button", { name: "Create key" }).click();
    const key = (await page.getByTestId("new-api-key").textContent()) ?? "";
    expect(key).toMatch(/^lpm_/);

    const { outside } = recordOutsideRequests(page);
    await page.goto("/docs");
    // A tag lists its operations as links; an operation's Test Request appears once it is opened.
    await page.getByRole("link", { name: "get /api/v1/leads", exact: true }).first().click();
    await page
      .getByRole("button", { name: /Test Request.*get \/api\/v1\/leads\)/ })
      .first()
      .click();
    const client = page.getByRole("dialog");
    await client.getByPlaceholder("Token").fill(key);
    const [response] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === "/api/v1/leads" && r.request().method() === "GET"),
      client.getByRole("button", { name: /^Send/ }).first().click(),
    ]);
    expect(response.request().headers().authorization).toBe(`Bearer ${key}`);
    // Only the defaults: the filters' examples are shown unticked (x-disabled, build-openapi-document.ts).
    expect([...new URL(response.url()).searchParams.keys()].sort()).toEqual(["limit", "sort"]);
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { data: Array<{ id: string }> };
    expect(body.data.length).toBeGreaterThan(0); // the demo agency's seeded leads
    await expect(page.getByText(body.data[0].id).first()).toBeVisible();
    expect(outside).toEqual([]);
  });

  test("the OpenAPI document it renders is public", async ({ request }) => {
    const response = await request.get("/api/v1/openapi.json");
    expect(response.status()).toBe(200);
    expect(((await response.json()) as { openapi: string }).openapi).toBe("3.1.0");
  });
});
