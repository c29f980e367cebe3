import * as activitiesRoute from "@/app/api/v1/activities/route";
import * as catchAllRoute from "@/app/api/v1/[...path]/route";
import * as eventsRoute from "@/app/api/v1/events/route";
import * as customFieldsRoute from "@/app/api/v1/custom-fields/route";
import * as leadRoute from "@/app/api/v1/leads/[id]/route";
import * as leadSmsRoute from "@/app/api/v1/leads/[id]/sms/route";
import * as leadSmsMessageRoute from "@/app/api/v1/leads/[id]/sms/[smsId]/route";
import * as leadsRoute from "@/app/api/v1/leads/route";
import * as leadIntakeRoute from "@/app/api/v1/leads/intake/route";
import * as leadBatchRoute from "@/app/api/v1/leads/batch/route";
import * as openApiRoute from "@/app/api/v1/openapi.json/route";
import * as postmanRoute from "@/app/api/v1/postman.json/route";
import * as propertyBatchRoute from "@/app/api/v1/properties/batch/route";
import * as propertiesRoute from "@/app/api/v1/properties/route";
import * as propertyRoute from "@/app/api/v1/properties/[id]/route";
import * as visitsRoute from "@/app/api/v1/visits/route";
import * as visitRoute from "@/app/api/v1/visits/[id]/route";
import * as webhookEndpointsRoute from "@/app/api/v1/webhook-endpoints/route";
import * as webhookEndpointRoute from "@/app/api/v1/webhook-endpoints/[id]/route";
import * as webhookEndpointReplayRoute from "@/app/api/v1/webhook-endpoints/[id]/replay/route";

// The /api/v1 route files and the paths Next maps to them, for running the real handlers
// without Next (in-process tests and the fault-test server).

type RouteHandler = (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;
type RouteModule = Partial<Record<string, unknown>>;

const ROUTES: Array<[RegExp, RouteModule]> = [
  [/^\/api\/v1\/leads$/, leadsRoute],
  // Static segments before the [id] they would otherwise match, as Next picks them.
  [/^\/api\/v1\/leads\/intake$/, leadIntakeRoute],
  [/^\/api\/v1\/leads\/batch$/, leadBatchRoute],
  [/^\/api\/v1\/properties\/batch$/, propertyBatchRoute],
  [/^\/api\/v1\/leads\/(?<id>[^/]+)$/, leadRoute],
  [/^\/api\/v1\/leads\/(?<id>[^/]+)\/sms$/, leadSmsRoute],
  [/^\/api\/v1\/leads\/(?<id>[^/]+)\/sms\/(?<smsId>[^/]+)$/, leadSmsMessageRoute],
  [/^\/api\/v1\/properties$/, propertiesRoute],
  [/^\/api\/v1\/properties\/(?<id>[^/]+)$/, propertyRoute],
  [/^\/api\/v1\/visits$/, visitsRoute],
  [/^\/api\/v1\/visits\/(?<id>[^/]+)$/, visitRoute],
  [/^\/api\/v1\/activities$/, activitiesRoute],
  [/^\/api\/v1\/events$/, eventsRoute],
  [/^\/api\/v1\/custom-fields$/, customFieldsRoute],
  [/^\/api\/v1\/webhook-endpoints$/, webhookEndpointsRoute],
  [/^\/api\/v1\/webhook-endpoints\/(?<id>[^/]+)$/, webhookEndpointRoute],
  [/^\/api\/v1\/webhook-endpoints\/(?<id>[^/]+)\/replay$/, webhookEndpointReplayRoute],
  [/^\/api\/v1\/openapi\.json$/, openApiRoute],
  [/^\/api\/v1\/postman\.json$/, postmanRoute],
];

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

function resolveRoute(
  method: string,
  pathname: string,
): { handler: RouteHandler; params: Record<string, string | string[]> } {
  for (const [pattern, module] of ROUTES) {
    const match = pattern.exec(pathname);
    if (match) return { handler: module[method] as RouteHandler, params: decodeParams(match.groups ?? {}) };
  }
  return {
    handler: (catchAllRoute as RouteModule)[method] as RouteHandler,
    params: { path: pathname.split("/").slice(3) },
  };
}

/** Runs a Request through the handler Next would pick. */
export function dispatch(request: Request): Promise<Response> {
  const { handler, params } = resolveRoute(request.method, new URL(request.url).pathname);
  return handler(request, { params: Promise.resolve(params) });
}
