import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Every /api/v1 route's OPTIONS (and so every 405's Allow, which asks it: lib/api/route-allow.ts)
// names exactly the methods the route module serves: the exported handlers that do not refuse.
// Routes give their handlers once to routeMethods (lib/api/route-fallbacks.ts), which reads Allow
// from them; a route whose handlers and Allow part ways fails here.

const API_DIR = path.resolve(__dirname, "../../../app/api/v1");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

type Handler = (req: Request, ctx: { params: Promise<Record<string, unknown>> }) => Promise<Response> | Response;

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith("[...") ? [] : routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

const params = { params: Promise.resolve({ id: "x_1", smsId: "sms_1", path: ["x"] }) };

describe("OPTIONS names the methods each /api/v1 route module serves (issue 33, part 6)", () => {
  const files = routeFiles(API_DIR);

  it("finds the routes", () => {
    expect(files.length).toBeGreaterThan(15);
  });

  it.each(files.map((file) => [path.relative(API_DIR, path.dirname(file)) || "."]))("%s", async (dir) => {
    const route = (await import(path.join(API_DIR, dir, "route.ts"))) as Record<string, Handler | undefined>;
    const url = `http://localhost/api/v1/${dir}`;
    // A handler that refuses its method answers 405 before anything else (no key needed); a real
    // one answers something else without a key (401, or the public documents' 200).
    const served: string[] = [];
    for (const method of METHODS) {
      const handler = route[method];
      if (!handler) continue;
      const response = await handler(new Request(url, { method }), params);
      if (response.status !== 405) served.push(method);
    }
    expect(served.length, "a route serves some method").toBeGreaterThan(0);
    const options = await route.OPTIONS!(new Request(url, { method: "OPTIONS" }), params);
    expect(options.status).toBe(204);
    const allow = options.headers.get("allow")!.split(", ");
    const expected = [...served, ...(served.includes("GET") ? ["HEAD"] : []), "OPTIONS"];
    expect([...allow].sort()).toEqual([...expected].sort());
  });
});
