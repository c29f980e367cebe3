import ipaddr from "ipaddr.js";

// Which IP addresses a webhook may be delivered to. A webhook URL is chosen by a customer, so
// without this check our worker would fetch whatever they point it at: the cloud metadata service
// (credentials), the database, an admin port on localhost. Only ordinary public unicast addresses
// pass; everything special-purpose is refused, whether or not it is listed below.

type Verdict = { what: string; alwaysRefused: boolean };
type IP = ipaddr.IPv4 | ipaddr.IPv6;

// The ranges the product promises to refuse, pinned here so that a change in ipaddr.js's own
// range table cannot quietly open one of them. Anything else ipaddr.js does not call "unicast"
// (benchmarking, documentation, 6to4 relays, Teredo…) is refused by the fallback below.
// Link-local stays refused even when private URLs are allowed: 169.254.169.254 and fd00:ec2::254
// are no one's development receiver, only somebody's cloud credentials.
const REFUSED: [cidr: string, what: string, alwaysRefused?: true][] = [
  ["0.0.0.0/8", "an unspecified address"],
  ["10.0.0.0/8", "a private address"],
  ["100.64.0.0/10", "a carrier-grade NAT address"],
  ["127.0.0.0/8", "a loopback address"],
  ["169.254.0.0/16", "a link-local (cloud metadata) address", true],
  ["172.16.0.0/12", "a private address"],
  ["192.168.0.0/16", "a private address"],
  ["224.0.0.0/4", "a multicast address"],
  ["255.255.255.255/32", "a broadcast address"],
  ["240.0.0.0/4", "a reserved address"],
  ["::/128", "an unspecified address"],
  ["::1/128", "a loopback address"],
  // Deprecated IPv4-compatible addresses (::a.b.c.d): ipaddr.js counts them as unicast.
  ["::/96", "an IPv4-compatible address"],
  ["fc00::/7", "a private address"],
  ["fd00:ec2::254/128", "a cloud metadata address", true],
  ["fe80::/10", "a link-local address", true],
  ["fec0::/10", "a site-local address"],
  ["ff00::/8", "a multicast address"],
];
const REFUSED_RANGES = REFUSED.map(([cidr, what, alwaysRefused]) => ({
  range: ipaddr.parseCIDR(cidr),
  verdict: { what, alwaysRefused: alwaysRefused ?? false },
}));

// NAT64's well-known prefix carries an IPv4 address in its last 32 bits; 64:ff9b:1::/48 (the
// local-use prefix, also "rfc6052" to ipaddr.js) is a private arrangement and is refused whole.
const NAT64_WELL_KNOWN = ipaddr.parseCIDR("64:ff9b::/96");

/**
 * Why `address` (an IP literal) may not receive webhooks, e.g. "a private address (10.0.0.5)",
 * or null when it may. With `allowPrivate`, only the always-refused ranges (link-local, metadata)
 * are refused.
 */
export function refusedAddress(address: string, allowPrivate: boolean): string | null {
  let ip: IP;
  try {
    ip = ipaddr.parse(address);
  } catch {
    return `an invalid address (${address})`;
  }
  const embedded = ip.kind() === "ipv6" ? embeddedIPv4(ip as ipaddr.IPv6) : null;
  const verdict = classify(embedded ?? ip);
  if (!verdict || (allowPrivate && !verdict.alwaysRefused)) return null;
  const shown = embedded ? `${ip.toString()}, which carries ${embedded.toString()}` : ip.toString();
  return `${verdict.what} (${shown})`;
}

/** True for 127.0.0.0/8, ::1 and ::ffff:127.x.y.z: this computer. (NAT64 or 6to4 forms of 127.0.0.1
 * reach a gateway's loopback, not ours.) */
export function isLoopbackAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  const ip =
    parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()
      ? (parsed as ipaddr.IPv6).toIPv4Address()
      : parsed;
  return ip.range() === "loopback";
}

function classify(ip: IP): Verdict | null {
  const listed = REFUSED_RANGES.find(({ range }) => range[0].kind() === ip.kind() && ip.match(range));
  if (listed) return listed.verdict;
  const range = ip.range();
  if (range === "unicast") return null;
  return {
    what: range === "reserved" ? "a reserved address" : `a special-purpose (${range}) address`,
    alwaysRefused: false,
  };
}

// IPv6 forms that reach an IPv4 host: ::ffff:10.0.0.1 is 10.0.0.1 on any dual-stack socket, and
// NAT64, SIIT (rfc6145) and 6to4 carry their IPv4 destination in fixed bytes. Judge that address.
function embeddedIPv4(ip: ipaddr.IPv6): ipaddr.IPv4 | null {
  const bytes = ip.toByteArray();
  if (ip.isIPv4MappedAddress()) return ip.toIPv4Address();
  const range = ip.range();
  if (range === "rfc6145" || ip.match(NAT64_WELL_KNOWN)) return new ipaddr.IPv4(bytes.slice(12, 16));
  if (range === "6to4") return new ipaddr.IPv4(bytes.slice(2, 6));
  return null;
}
