// Where an audited action came from: the client's IP address and user agent, as the request
// headers say. Behind a proxy the first X-Forwarded-For entry is the client; a client talking to
// the app directly can write that header itself, so the address is a record, not a proof.
export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
}

export const NO_ORIGIN: RequestOrigin = { ip: null, userAgent: null };

type HeaderBag = Headers | Record<string, string | string[] | undefined>;

const MAX_IP = 64;
const MAX_USER_AGENT = 512;

function header(headers: HeaderBag, name: string): string | null {
  if (headers instanceof Headers) return headers.get(name);
  const value = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}

export function requestOrigin(headers: HeaderBag): RequestOrigin {
  const forwarded = header(headers, "x-forwarded-for")?.split(",")[0]?.trim();
  const ip = forwarded || header(headers, "x-real-ip")?.trim() || null;
  const userAgent = header(headers, "user-agent")?.trim() || null;
  return { ip: ip?.slice(0, MAX_IP) ?? null, userAgent: userAgent?.slice(0, MAX_USER_AGENT) ?? null };
}
