import { newRequestId } from "@/lib/ids/new-request-id";
import { routeMethods } from "@/lib/api/route-fallbacks";
import { getPostmanCollection } from "../postman-collection";
import { addressedOrigin } from "@/lib/http/addressed-origin";
import { forServer, POSTMAN_FILENAME } from "@/lib/openapi/to-postman-collection";

// Its baseUrl is the origin it is downloaded from.
export const dynamic = "force-dynamic";

// OPTIONS answers 204 with Allow and X-Request-Id, as every API path does (Next's own had no
// request id), and the other methods the JSON 405.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /api/v1/postman.json – the Postman collection (v2.1) of the API, as a download (public)
  GET: async function GET(req: Request): Promise<Response> {
    const url = new URL(req.url);
    const collection = forServer(
      await getPostmanCollection(),
      addressedOrigin(req.headers, url.protocol) ?? url.origin,
    );
    return Response.json(collection, {
      headers: {
        "Content-Disposition": `attachment; filename="${POSTMAN_FILENAME}"`,
        // Its baseUrl depends on the Host the request came through: not for shared caches.
        "Cache-Control": "private, max-age=300",
        // Every answer under /api names a request id, the documents included.
        "X-Request-Id": newRequestId(),
      },
    });
  },
});
