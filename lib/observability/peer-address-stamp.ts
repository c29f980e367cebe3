import { randomBytes } from "node:crypto";
import { Server, type IncomingMessage } from "node:http";
import { clientAddress, trustedProxyHops } from "./client-address";

// Who is asking? A Next route handler, page or server action gets web headers: no socket, so no
// peer address. And the headers cannot say: Next itself fills X-Forwarded-For with the socket's
// address when the request has none (base-server.js), so "no X-Forwarded-For" never holds under
// `next start`, and one a client wrote is kept as written.
//
// So the process notes the truth before Next sees the request: like the outside-contract guard,
// this wraps the HTTP servers' "request" event, and writes the socket's address, whether the
// request arrived with forwarding headers, and the client's address (the peer, or the hop
// TRUSTED_PROXY_HOPS trusts: client-address.ts) into a header of its own. The value starts with a
// secret made at start-up, so a client cannot forge it: a request that reached a handler some
// other way carries no valid stamp, and is judged without one (metrics-access.ts refuses it; the
// audit log and the per-address throttles have no address for it: lib/audit/request-client.ts).

const HEADER = "x-leadprop-peer";
export const FORWARDING_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip"];

export interface Peer {
  /** The socket's peer: the client, or the nearest proxy. */
  address: string;
  /** The request came with X-Forwarded-For, Forwarded or X-Real-IP: a proxy, or a client posing as one. */
  forwarded: boolean;
  /** The client's address, as far as the trusted proxies vouch for it (client-address.ts). */
  client: string;
}

// On globalThis: the wrapper is installed by instrumentation's module graph, the routes read the
// stamp in theirs, and both must know the same secret.
const globalForStamp = globalThis as unknown as { __lpmPeerStamp?: { secret: string; installed: boolean } };
const stamp = (globalForStamp.__lpmPeerStamp ??= { secret: randomBytes(16).toString("hex"), installed: false });

export function peerOf(req: IncomingMessage, hops = trustedProxyHops()): Peer {
  const address = req.socket.remoteAddress ?? "";
  // Node joins repeated X-Forwarded-For lines into one list; an array would come from a caller.
  const header = req.headers["x-forwarded-for"];
  const forwardedFor = Array.isArray(header) ? header.join(",") : header;
  return {
    address,
    forwarded: FORWARDING_HEADERS.some((name) => req.headers[name] !== undefined),
    client: clientAddress(address, forwardedFor, hops),
  };
}

/** The header a request of this process carries for `peer`: what the server's wrapper writes. */
export function peerStamp(peer: Peer): [name: string, value: string] {
  return [HEADER, `${stamp.secret} ${peer.forwarded ? "forwarded" : "direct"} ${peer.address} ${peer.client}`];
}

/** Installed once per server process (instrumentation.ts), on every request: a client-sent
 * header of the same name is overwritten. TRUSTED_PROXY_HOPS is checked here first, so a bad
 * value stops the start. */
export function installPeerAddressStamp(): void {
  if (stamp.installed) return;
  trustedProxyHops();
  stamp.installed = true;
  const emit = Server.prototype.emit;
  Server.prototype.emit = function (this: Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") {
      const req = args[0] as IncomingMessage;
      const [name, value] = peerStamp(peerOf(req));
      req.headers[name] = value;
    }
    return emit.call(this, event, ...args);
  } as typeof Server.prototype.emit;
}

/** Web headers, or the plain object next-auth hands its authorize() callback. */
export type HeaderBag = Headers | Record<string, string | string[] | undefined>;

/** The stamped peer of a request, or null when it carries no valid stamp. */
export function stampedPeer(headers: HeaderBag): Peer | null {
  const raw = headers instanceof Headers ? headers.get(HEADER) : headers[HEADER];
  const [secret, how, address, client] = ((Array.isArray(raw) ? raw[0] : raw) ?? "").split(" ");
  if (secret !== stamp.secret || !address || !client) return null;
  return { address, forwarded: how !== "direct", client };
}
