import { methodsNotAllowed } from "@/lib/api/route-fallbacks";
import { liveAnswer } from "@/lib/observability/observability-answers";
import { toResponse } from "@/lib/observability/web-answer";

export const dynamic = "force-dynamic";

// GET /api/health/live – the process answers (no key; for the load balancer, not the public API)
export function GET(): Response {
  return toResponse(liveAnswer());
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
