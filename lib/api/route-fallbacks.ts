import { ApiError } from "@/lib/errors/api-error";
import { errorResponse } from "./respond";
import { newRequestId } from "./request-id";

const ALL_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof ALL_METHODS)[number];

/** What a route answers to OPTIONS: the methods it really serves (HEAD comes with GET). */
const allowHeader = (allowed: Method[]) =>
  [...allowed, ...(allowed.includes("GET") ? ["HEAD"] : []), "OPTIONS"].join(", ");

/**
 * Handlers for the methods a route lacks (a JSON 405 with `Allow`, instead of Next's empty one)
 * and for OPTIONS. Next's own OPTIONS would list every exported method, these 405s included, so
 * a client asking what it may call was told methods that then refuse it.
 */
export function methodsNotAllowed(allowed: Method[]): Record<Method | "OPTIONS", () => Response> {
  const allow = allowHeader(allowed);
  const refuse = () =>
    errorResponse(new ApiError("method_not_allowed", `This endpoint supports ${allowed.join(", ")}.`), newRequestId(), {
      Allow: allow,
    });
  const handlers = Object.fromEntries(ALL_METHODS.map((m) => [m, refuse])) as Record<
    Method | "OPTIONS",
    () => Response
  >;
  handlers.OPTIONS = () =>
    new Response(null, { status: 204, headers: { Allow: allow, "X-Request-Id": newRequestId() } });
  return handlers;
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
