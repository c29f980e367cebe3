// The origin a client used to reach us. Next hands route handlers a URL normalised to its own
// listen address (127.0.0.1 becomes localhost), so read the Host header, and the proxy's
// X-Forwarded-* when there is one.
export function requestOrigin(req: Request): string {
  const url = new URL(req.url);
  const host = req.headers.get("x-forwarded-host")?.split(",")[0].trim() || req.headers.get("host");
  const protocol = req.headers.get("x-forwarded-proto")?.split(",")[0].trim() || url.protocol.replace(/:$/, "");
  return host ? `${protocol}://${host}` : url.origin;
}
