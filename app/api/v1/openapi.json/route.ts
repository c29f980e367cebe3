import { newRequestId } from "@/lib/ids/new-request-id";
import { routeMethods } from "@/lib/api/route-fallbacks";
import { getOpenApiDocument } from "../openapi-document";

// OPTIONS answers 204 with Allow and X-Request-Id, as every API path does (Next's own had no
// request id), and the other methods the JSON 405.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /api/v1/openapi.json – the OpenAPI 3.1 document of the API (public: no key needed)
  GET: function GET(): Response {
    return Response.json(getOpenApiDocument(), {
      headers: {
        // Changes only with a deploy; a short public cache spares clients and us.
        "Cache-Control": "public, max-age=300",
        // Every answer under /api names a request id, the documents included.
        "X-Request-Id": newRequestId(),
        // Readable by tools on other origins (editors, code generators): it holds nothing secret.
        "Access-Control-Allow-Origin": "*",
      },
    });
  },
});
