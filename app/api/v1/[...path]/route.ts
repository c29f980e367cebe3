import { routeNotFound } from "@/lib/api/route-fallbacks";

export const dynamic = "force-dynamic";

// Anything else under /api/v1: a JSON 404 in the error envelope.
export const GET = routeNotFound;
export const POST = routeNotFound;
export const PUT = routeNotFound;
export const PATCH = routeNotFound;
export const DELETE = routeNotFound;
