import { notFoundForEveryMethod } from "@/lib/api/route-fallbacks";

export const dynamic = "force-dynamic";

// Anything else under /api/v1: a JSON 404 in the error envelope.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = notFoundForEveryMethod;
