import { ApiError } from "@/lib/errors/api-error";
import { errorResponse } from "./respond";
import { newRequestId } from "./request-id";

const ALL_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof ALL_METHODS)[number];

/** Handlers for the methods a route lacks: a JSON 405 with `Allow`, instead of Next's empty one. */
export function methodsNotAllowed(allowed: Method[]): Record<Method, () => Response> {
  const allow = allowed.join(", ");
  const respond = () =>
    errorResponse(new ApiError("method_not_allowed", `This endpoint supports ${allow}.`), newRequestId(), {
      Allow: allow,
    });
  return Object.fromEntries(ALL_METHODS.map((m) => [m, respond])) as Record<Method, () => Response>;
}

/** Anything under /api/v1 that is not a route. */
export function routeNotFound(): Response {
  return errorResponse(
    new ApiError("not_found", "No such endpoint. See /api/v1/openapi.json for the list."),
    newRequestId(),
  );
}
