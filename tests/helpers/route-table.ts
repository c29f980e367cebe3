import { readdirSync } from "node:fs";
import path from "node:path";

// The /api/v1 route files and the paths Next maps to them, for running the real handlers
// without Next (in-process tests and the fault-test server). Read from app/api/v1 itself, as Next
// reads it: a route added there is dispatched here with nothing to list.

type RouteHandler = (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;
type RouteModule = Partial<Record<string, unknown>>;

interface Route {
  pattern: RegExp;
  /** `[id]` segments: Next prefers a static segment where both match (`leads/batch` over `leads/[id]`). */
  dynamicSegments: number;
  file: string;
}

const API_DIR = path.resolve(__dirname, "../../app/api/v1");
/** `[...path]`: every path no other route matches (the JSON 404). */
const CATCH_ALL = path.join(API_DIR, "[...path]", "route.ts");
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function findRoutes(dir: string, segments: string[] = []): Route[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry): Route[] => {
    if (entry.isDirectory()) {
      if (entry.name.startsWith("[...")) return [];
      return findRoutes(path.join(dir, entry.name), [...segments, entry.name]);
    }
    if (entry.name !== "route.ts") return [];
    const source = segments.map((segment) => {
      const param = /^\[(\w+)\]$/.exec(segment);
      return param ? `(?<${param[1]}>[^/]+)` : escapeRegExp(segment);
    });
    return [
      {
        pattern: new RegExp(`^/api/v1/${source.join("/")}$`),
        dynamicSegments: segments.filter((s) => s.startsWith("[")).length,
        file: path.join(dir, entry.name),
      },
    ];
  });
}

// Static segments before the [id] they would otherwise match, as Next picks them.
const ROUTES = findRoutes(API_DIR).sort((a, b) => a.dynamicSegments - b.dynamicSegments);
// A route module is loaded the first time a request needs it, as `next dev` does; a file that
// calls three routes no longer loads all of them (loading every route for every test file was a
// good part of the suite's time). One import at a time: vite-node can deadlock importing modules
// that import each other in parallel, which concurrent first requests to two routes would do.
const modules = new Map<string, Promise<RouteModule>>();
let importing: Promise<unknown> = Promise.resolve();
function load(file: string): Promise<RouteModule> {
  let loaded = modules.get(file);
  if (!loaded) {
    loaded = importing.then(() => import(file) as Promise<RouteModule>);
    importing = loaded.catch(() => undefined);
    modules.set(file, loaded);
  }
  return loaded;
}

/** Loads every route module (the fault-test server, which answers any path from the start). */
export const loadRouteModules = () => Promise.all([...ROUTES.map((route) => route.file), CATCH_ALL].map(load));

/** As Next hands params to a route: percent-decoded (`%00` arrives as NUL); a malformed escape
 * stays as sent. */
function decodeParams(groups: Record<string, string>): Record<string, string> {
  const decode = (value: string) => {
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  };
  return Object.fromEntries(Object.entries(groups).map(([name, value]) => [name, decode(value)]));
}

async function resolveRoute(
  method: string,
  pathname: string,
): Promise<{ handler: RouteHandler; params: Record<string, string | string[]> }> {
  for (const { pattern, file } of ROUTES) {
    const match = pattern.exec(pathname);
    if (match) return { handler: (await load(file))[method] as RouteHandler, params: decodeParams(match.groups ?? {}) };
  }
  return {
    handler: (await load(CATCH_ALL))[method] as RouteHandler,
    params: { path: pathname.split("/").slice(3) },
  };
}

/** Runs a Request through the handler Next would pick. */
export async function dispatch(request: Request): Promise<Response> {
  const { handler, params } = await resolveRoute(request.method, new URL(request.url).pathname);
  return handler(request, { params: Promise.resolve(params) });
}
