// The host and origin a client addressed, as a proxy in front of us forwarded them. Next hands
// route handlers a URL normalised to its own listen address (127.0.0.1 becomes localhost), so
// these read the Host header, and the proxy's X-Forwarded-Host and X-Forwarded-Proto when there
// are some. Client-written headers: fit for building the client's own links and for comparing
// with its Origin, never for a link sent to someone else (lib/mail/mail-link-base.ts).

/** `leadprop.example` or `localhost:3000`; null when the request names none. */
export function addressedHost(headers: Headers): string | null {
  return headers.get("x-forwarded-host")?.split(",")[0]?.trim() || headers.get("host");
}

/** `https://leadprop.example`: the scheme and host the client addressed; null without a host.
 * The scheme is the proxy's X-Forwarded-Proto, else `fallbackProtocol` (`https:` or `http:`). */
export function addressedOrigin(headers: Headers, fallbackProtocol = "http:"): string | null {
  const host = addressedHost(headers);
  const protocol = headers.get("x-forwarded-proto")?.split(",")[0]?.trim() || fallbackProtocol.replace(/:$/, "");
  return host ? `${protocol}://${host}` : null;
}
