import { routeMethods } from "@/lib/api/route-fallbacks";
import { readyAnswer } from "@/lib/observability/observability-answers";
import { toResponse } from "@/lib/observability/web-answer";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /api/health/ready – 200 when this process may take traffic, 503 while starting, draining or
  // without its database (no key; for the load balancer, not the public API)
  GET: async function GET(): Promise<Response> {
    return toResponse(await readyAnswer());
  },
});
