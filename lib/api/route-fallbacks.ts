import { ApiError } from "@/lib/errors/api-error";
import { errorResponse } from "./respond";
import { newRequestId } from "@/lib/ids/new-request-id";

const ALL_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof ALL_METHODS)[number];

/** What a route answers to OPTIONS: the methods it really serves (HEAD comes with GET). */
const allowHeader = (allowed: Method[]) =>
  [...allowed, ...(allowed.includes("GET") ? ["HEAD"] : []), "OPTIONS"].join(", ");

type RouteHandler = (...args: never[]) => Response | Promise<Response>;
type Fallback = () => Response;

/** The JSON 405 (with `Allow`, instead of Next's empty one) for every method, and OPTIONS. Next's
 * own OPTIONS would list every exported method, these 405s included, so a client asking what it
 * may call was told methods that then refuse it. */
function refusals(allowed: Method[]): Record<Method | "OPTIONS", Fallback> {
  const allow = allowHeader(allowed);
  const refuse = () =>
    errorResponse(new ApiError("method_not_allowed", `This endpoint supports ${allowed.join(", ")}.`), newRequestId(), {
      Allow: allow,
    });
  const handlers = Object.fromEntries(ALL_METHODS.map((m) => [m, refuse])) as Record<Method | "OPTIONS", Fallback>;
  handlers.OPTIONS = () =>
    new Response(null, { status: 204, headers: { Allow: allow, "X-Request-Id": newRequestId() } });
  return handlers;
}

/**
 * A route's exports, from the handlers it serves given once: those handlers, the JSON 405 for
 * every other method, and OPTIONS. The methods named in `Allow` are the keys of `served`, the
 * same object the route exports, so they cannot drift from what the route answers:
 * `export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: apiRoute(…) })`.
 */
export function routeMethods<S extends Partial<Record<Method, RouteHandler>>>(
  served: S,
): S & Record<Exclude<Method, keyof S> | "OPTIONS", Fallback> {
  const allowed = ALL_METHODS.filter((method) => served[method] !== undefined);
  return { ...refusals(allowed), ...served } as S & Record<Exclude<Method, keyof S> | "OPTIONS", Fallback>;
}

/** The answer for a path no route has, whatever the method. */
export const noSuchEndpoint = () =>
  new ApiError("not_found", "No such endpoint. See /api/v1/openapi.json for the list.");

/** Anything under /api that is not a route: every method gets the JSON 404. */
function routeNotFound(): Response {
  return errorResponse(noSuchEndpoint(), newRequestId());
}

/** Every method a catch-all route must answer itself, so none falls through to Next's HTML. */
export const notFoundForEveryMethod = {
  GET: routeNotFound,
  POST: routeNotFound,
  PUT: routeNotFound,
  PATCH: routeNotFound,
  DELETE: routeNotFound,
  OPTIONS: routeNotFound,
};
