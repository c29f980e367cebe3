import { newRequestId } from "@/lib/api/request-id";
import { getOpenApiDocument } from "@/lib/openapi/get-openapi-document";

// GET /api/v1/openapi.json – the OpenAPI 3.1 document of the API (public: no key needed)
export function GET(): Response {
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
}
