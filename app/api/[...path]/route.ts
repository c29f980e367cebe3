import { notFoundForEveryMethod } from "@/lib/api/route-fallbacks";

export const dynamic = "force-dynamic";

// Anything under /api outside the routes (/api/v1 itself, another version, a typo): the JSON 404 the API
// promises, not Next's HTML page.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = notFoundForEveryMethod;
