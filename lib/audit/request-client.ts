import { stampedPeer, type HeaderBag } from "@/lib/observability/peer-address-stamp";

// Who sent a request: the client's IP address and user agent (not the HTTP origin the client
// addressed, which is lib/http/addressed-origin.ts). The address is the one the
// server stamped on the request from its socket, and from X-Forwarded-For only as far as
// TRUSTED_PROXY_HOPS trusts it (lib/observability/client-address.ts): never a header the client
// wrote. Every consumer reads it here: the audit log's "from", the sign-in and password-reset
// per-address throttles. A request without the stamp (a handler called outside the server) has
// no address: null, which those throttles skip.
export interface RequestClient {
  ip: string | null;
  userAgent: string | null;
}

export const UNKNOWN_CLIENT: RequestClient = { ip: null, userAgent: null };

const MAX_IP = 64;
const MAX_USER_AGENT = 512;

function header(headers: HeaderBag, name: string): string | null {
  if (headers instanceof Headers) return headers.get(name);
  const value = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}

/** The request's client as the audit log and the throttles record it; null where unknown. */
export function requestClient(headers: HeaderBag): RequestClient {
  const ip = stampedPeer(headers)?.client || null;
  const userAgent = header(headers, "user-agent")?.trim() || null;
  return { ip: ip?.slice(0, MAX_IP) ?? null, userAgent: userAgent?.slice(0, MAX_USER_AGENT) ?? null };
}
