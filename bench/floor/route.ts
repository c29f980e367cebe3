// GET /api/bench-floor – the benchmark's floor: constant JSON that touches nothing, so its
// throughput is what Next.js itself allows on this machine and no API route can beat it.
// It is a route of the bench's build only: bench/lib/next-app.ts copies this file into the
// snapshot's app/api/bench-floor/ before `next build`, so the app's own route tree never has it.
// Not under /api/v1: only documented routes live there.

// Dynamic, so every request runs the handler as an API route's would; a static route would be
// served from the build's cache and measure less than Next's per-request work.
export const dynamic = "force-dynamic";

// A body about the size of a small API answer, built once.
const BODY = JSON.stringify({
  data: { id: "lead_01jf3v6q2m8k4x5y7z9a0b1c2d", name: "Ada Lovelace", status: "new", tags: [] },
});
const HEADERS = { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" };

export function GET(): Response {
  return new Response(BODY, { status: 200, headers: HEADERS });
}
