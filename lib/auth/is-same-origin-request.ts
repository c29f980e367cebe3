import { addressedHost } from "@/lib/http/addressed-origin";

// Cross-site request forgery guard for the web app's own route handlers that change something
// (server actions get Next's check; a route handler gets none). The session cookie rides along on
// a cross-site POST from a form or fetch of another site; its Origin header does not match ours.

/**
 * True when the request's Origin names the host it was sent to: X-Forwarded-Host when a proxy
 * set one, else Host (the comparison Next makes for server actions). Unlike Next, a request
 * without an Origin is refused: every browser sends one on a POST, and a client that sends none
 * has no business with a signed-in member's upload.
 */
export function isSameOriginRequest(headers: Headers): boolean {
  const origin = headers.get("origin");
  if (!origin || origin === "null") return false;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return false;
  }
  const host = addressedHost(headers);
  return Boolean(host) && originHost === host;
}
