// GET /api/bench-floor – the benchmark's floor (bench/, `npm run bench`): constant JSON that
// touches nothing, so its throughput is what Next.js itself allows on this machine and no API
// route can beat it. It exists only when the server runs with BENCH_FLOOR=1; otherwise, as in
// production, it answers 404 like any unknown path. Not under /api/v1: only documented routes
// live there.

export const dynamic = "force-dynamic";

// A body about the size of a small API answer, built once.
const BODY = JSON.stringify({
  data: { id: "lead_01jf3v6q2m8k4x5y7z9a0b1c2d", name: "Ada Lovelace", status: "new", tags: [] },
});
const HEADERS = { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" };

export function GET(): Response {
  // Read per request (bracket access keeps it out of build-time inlining).
  if (process.env["BENCH_FLOOR"] !== "1") return new Response("Not Found", { status: 404 });
  return new Response(BODY, { status: 200, headers: HEADERS });
}
