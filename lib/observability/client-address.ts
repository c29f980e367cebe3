import { isIP } from "node:net";

// Which address is the client? The socket's peer, unless proxies of our own stand in front:
// then the peer is the nearest proxy, and each proxy appends the address it saw to
// X-Forwarded-For. Only the entries our proxies appended can be believed; anything further left
// was written by the client (a forged address on each call beat the per-address reset throttle
// and wrote any address into the audit log: issue 31, finding 7).
//
// TRUSTED_PROXY_HOPS says how many proxies of ours are in front (0, the default: none, the peer is
// the client; 1: one load balancer, as HAProxy in scripts/haproxy/leadprop.cfg). The client is
// then the entry that the outermost trusted proxy appended: the `hops`-th from the right of
// X-Forwarded-For followed by the peer. The same rule as Express's `trust proxy` set to a number.

const MAX_HOPS = 10;

/** TRUSTED_PROXY_HOPS as a number; a value that is not a whole number from 0 to 10 throws, so a
 * typo stops the server at start-up (instrumentation.ts) rather than trusting the wrong hop. */
export function trustedProxyHops(raw = process.env.TRUSTED_PROXY_HOPS): number {
  const text = raw?.trim() ?? "";
  if (text === "") return 0;
  const hops = /^\d{1,2}$/.test(text) ? Number(text) : NaN;
  if (!(hops <= MAX_HOPS)) {
    throw new Error(
      `TRUSTED_PROXY_HOPS must be the number of proxies in front of the app, 0 to ${MAX_HOPS}; got "${text}"`,
    );
  }
  return hops;
}

/** `::ffff:203.0.113.7` (an IPv4 client of a dual-stack socket) → `203.0.113.7`, so one client has
 * one address whichever way it is written. */
function plain(address: string): string {
  return /^::ffff:\d{1,3}(\.\d{1,3}){3}$/i.test(address) ? address.slice(7) : address;
}

/**
 * The client's address: `peer` itself with no trusted hops; else the entry the outermost trusted
 * proxy appended to `forwardedFor` (the leftmost one when the list is shorter, as when a request
 * reached the app without passing every proxy). An entry that is not an IP address (a proxy
 * that writes `unknown`) gives the peer's address instead: never text a client chose.
 */
export function clientAddress(peer: string, forwardedFor: string | undefined, hops: number): string {
  if (hops === 0 || !forwardedFor) return plain(peer);
  const chain = [
    ...forwardedFor
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean),
    peer,
  ];
  const client = chain[Math.max(0, chain.length - 1 - hops)];
  return isIP(client) ? plain(client) : plain(peer);
}
