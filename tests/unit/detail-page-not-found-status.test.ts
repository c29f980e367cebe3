import { existsSync, readdirSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";

// A detail page's layout looks its record up before anything streams, so another account's id
// is a real HTTP 404 (app/(app)/_shared/load-member-record.ts). A loading.tsx in any folder above that
// layout wraps it in Suspense, the skeleton commits a 200 first, and the 404 page then arrives
// in a 200 (issue 31, finding 15: /visits/<another account's id>). A list page keeps its skeleton
// in a (list) group beside [id] (leads, properties) or in a Suspense boundary inside the page
// (visits).

const APP = join(process.cwd(), "app");

function dynamicLayouts(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (!entry.isDirectory()) return [];
    const path = join(dir, entry.name);
    const own = /^\[.+\]$/.test(entry.name) && existsSync(join(path, "layout.tsx")) ? [path] : [];
    return [...own, ...dynamicLayouts(path)];
  });
}

describe("detail pages answer 404 with a 404 status (issue 31, finding 15)", () => {
  const layouts = dynamicLayouts(APP);

  it("finds the detail layouts (leads, properties, visits)", () => {
    const names = layouts.map((l) => relative(APP, l));
    expect(names).toEqual(
      expect.arrayContaining([
        join("(app)", "leads", "[id]"),
        join("(app)", "properties", "[id]"),
        join("(app)", "visits", "[id]"),
      ]),
    );
  });

  it("no loading boundary sits above a detail page's layout", () => {
    const wrapped = layouts.flatMap((layout) => {
      const above: string[] = [];
      for (let dir = dirname(layout); dir.startsWith(APP); dir = dirname(dir)) {
        if (existsSync(join(dir, "loading.tsx"))) above.push(relative(APP, join(dir, "loading.tsx")));
      }
      return above.map((loading) => `${relative(APP, layout)} is under ${loading}`);
    });
    expect(wrapped).toEqual([]);
  });
});
