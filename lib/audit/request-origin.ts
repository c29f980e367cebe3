import { stampedPeer, type HeaderBag } from "@/lib/observability/peer-address-stamp";

// Where a request came from: the client's IP address and user agent. The address is the one the
// server stamped on the request from its socket, and from X-Forwarded-For only as far as
// TRUSTED_PROXY_HOPS trusts it (lib/observability/client-address.ts): never a header the client
// wrote. Every consumer reads it here: the audit log's "from", the sign-in and password-reset
// per-address throttles. A request without the stamp (a handler called outside the server) has
// no address: null, which those throttles skip.
export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
}

export const NO_ORIGIN: RequestOrigin = { ip: null, userAgent: null };

const MAX_IP = 64;
const MAX_USER_AGENT = 512;

function header(headers: HeaderBag, name: string): string | null {
  if (headers instanceof Headers) return headers.get(name);
  const value = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}

export function requestOrigin(headers: HeaderBag): RequestOrigin {
  const ip = stampedPeer(headers)?.client || null;
  const userAgent = header(headers, "user-agent")?.trim() || null;
  return { ip: ip?.slice(0, MAX_IP) ?? null, userAgent: userAgent?.slice(0, MAX_USER_AGENT) ?? null };
}
