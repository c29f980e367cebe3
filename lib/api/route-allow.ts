import { request } from "node:http";
import type { ApiError } from "@/lib/errors/api-error";
import { noSuchEndpoint } from "./route-fallbacks";
import { SERVED_METHODS } from "./served-methods";

// The `Allow` of a 405 answered before routing (a method no route can take: TRACE, PROPFIND, an
// unknown FOO, CONNECT). Only the route knows its methods, and Next routes nothing until it has
// built a web Request, which undici refuses for these methods. So the route is asked the way any
// client asks: OPTIONS on the same path, sent to this server over loopback. Every route answers
// it from the methods it exports (lib/api/route-fallbacks.ts, Next's own OPTIONS for the rest),
// so the 405 names the route's methods and nothing is listed twice. It costs one loopback round
// trip, only for requests outside the contract.

// A route module loads on its first request (under `next dev`, it compiles): the first ask can
// take seconds.
const ASK_TIMEOUT_MS = 10_000;

/** The route's `Allow`, or "no_route" when no route has the path (the catch-all's 404). */
type RouteAllow = { allow: string } | "no_route";

/** Where this server can be reached from itself: the address and port the client connected to. */
export interface LocalEnd {
  localAddress?: string;
  localPort?: number;
}

/** When the route cannot be asked (a server on a Unix socket, no answer in time, an answer that
 * is not OPTIONS's): the methods the API serves on some path, as before routes were asked. */
const SERVED_ANYWHERE: { allow: string } = { allow: SERVED_METHODS.join(", ") };

/** A refusal answered before routing, with what a 405 needs: for a path under /api, the Allow of
 * the path's route, or the 404 of a path no route has. Elsewhere (a page, CONNECT's host:port)
 * there is no route to ask: the methods the API serves on some path. `path` as the client sent
 * it, without the query; `host` its Host header. Never rejects. */
export async function withRouteAllow(
  local: LocalEnd,
  refusal: ApiError,
  path: string,
  host: string | undefined,
): Promise<{ refusal: ApiError; allow?: string }> {
  if (refusal.status !== 405) return { refusal };
  if (path !== "/api" && !path.startsWith("/api/")) return { refusal, ...SERVED_ANYWHERE };
  const route = await routeAllow(local, path, host);
  return route === "no_route" ? { refusal: noSuchEndpoint() } : { refusal, allow: route.allow };
}

/** Asks this server which methods the route at `path` takes. */
function routeAllow(server: LocalEnd, path: string, host: string | undefined): Promise<RouteAllow> {
  const { localAddress, localPort } = server;
  if (!localAddress || !localPort || !path.startsWith("/")) return Promise.resolve(SERVED_ANYWHERE);
  return new Promise((resolve) => {
    let ask: ReturnType<typeof request>;
    try {
      ask = request(
        {
          host: localAddress,
          port: localPort,
          method: "OPTIONS",
          path,
          headers: { host: host ?? `${localAddress}:${localPort}` },
          agent: false,
          timeout: ASK_TIMEOUT_MS,
        },
        (res) => {
          res.resume();
          const allow = res.headers.allow;
          if (res.statusCode === 404) resolve("no_route");
          else if (res.statusCode === 204 && allow) resolve({ allow });
          else resolve(SERVED_ANYWHERE);
        },
      );
    } catch {
      // A path or Host that Node will not send (a space, a control character): no route has it.
      resolve(SERVED_ANYWHERE);
      return;
    }
    ask.on("timeout", () => ask.destroy(new Error("no answer in time")));
    ask.on("error", () => resolve(SERVED_ANYWHERE));
    // Whatever else ends it unanswered (a promise resolves once).
    ask.on("close", () => resolve(SERVED_ANYWHERE));
    ask.end();
  });
}
