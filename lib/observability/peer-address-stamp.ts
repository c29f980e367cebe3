import { randomBytes } from "node:crypto";
import { Server, type IncomingMessage } from "node:http";

// Who is asking for /api/metrics? A Next route handler gets a web Request: no socket, so no peer
// address. And its headers cannot say: Next itself fills X-Forwarded-For with the socket's
// address when the request has none (base-server.js), so "no X-Forwarded-For" never holds under
// `next start`, and one a client wrote is kept as written.
//
// So the process notes the truth before Next sees the request: like the outside-contract guard,
// this wraps the HTTP servers' "request" event, and on a request for /api/metrics writes the
// socket's address, and whether the request arrived with forwarding headers, into a header of its
// own. The value starts with a secret made at start-up, so a client cannot forge it: a request
// that reached the route some other way carries no valid stamp, and is judged without one
// (metrics-access.ts), which refuses it under Next.

const HEADER = "x-leadprop-peer";
export const FORWARDING_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip"];

export interface Peer {
  address: string;
  /** The request came with X-Forwarded-For, Forwarded or X-Real-IP: a proxy, or a client posing as one. */
  forwarded: boolean;
}

// On globalThis: the wrapper is installed by instrumentation's module graph, the routes read the
// stamp in theirs, and both must know the same secret.
const globalForStamp = globalThis as unknown as { __lpmPeerStamp?: { secret: string; installed: boolean } };
const stamp = (globalForStamp.__lpmPeerStamp ??= { secret: randomBytes(16).toString("hex"), installed: false });

export function peerOf(req: IncomingMessage): Peer {
  return {
    address: req.socket.remoteAddress ?? "",
    forwarded: FORWARDING_HEADERS.some((name) => req.headers[name] !== undefined),
  };
}

/** Installed once per server process (instrumentation.ts); costs other requests one prefix test. */
export function installPeerAddressStamp(): void {
  if (stamp.installed) return;
  stamp.installed = true;
  const emit = Server.prototype.emit;
  Server.prototype.emit = function (this: Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") {
      const req = args[0] as IncomingMessage;
      if (req.url?.startsWith("/api/metrics")) {
        const peer = peerOf(req);
        req.headers[HEADER] = `${stamp.secret} ${peer.forwarded ? "forwarded" : "direct"} ${peer.address}`;
      }
    }
    return emit.call(this, event, ...args);
  } as typeof Server.prototype.emit;
}

/** The stamped peer of a request, or null when it carries no valid stamp. */
export function stampedPeer(headers: Headers): Peer | null {
  const [secret, how, address] = (headers.get(HEADER) ?? "").split(" ");
  if (secret !== stamp.secret || !address) return null;
  return { address, forwarded: how !== "direct" };
}
