import { routeMethods } from "@/lib/api/route-fallbacks";
import { liveAnswer } from "@/lib/observability/observability-answers";
import { toResponse } from "@/lib/observability/web-answer";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /api/health/live – the process answers (no key; for the load balancer, not the public API)
  GET: function GET(): Response {
    return toResponse(liveAnswer());
  },
});
