import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { networkInterfaces } from "node:os";
import { installPeerAddressStamp } from "@/lib/observability/peer-address-stamp";

// A real socket in front of code that decides by who is asking (metrics, the local mail outbox):
// the tests connect from loopback, and from this machine's other address as "another host".

/** A non-loopback address of this machine, to connect from "another host"; null when there is none. */
export const outsideAddress: string | null =
  Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry && entry.family === "IPv4" && !entry.internal)?.address ?? null;

export interface PeerStampedServer {
  port: number;
  close: () => Promise<void>;
}

/**
 * Listens on every interface, in a process with the peer stamp installed as instrumentation.ts
 * installs it, and does to each request what `next start` does before the route handler
 * (base-server.js fills X-Forwarded-For with the socket's address when none came); `answer` then
 * gets it as a handler would: a web Request with those headers.
 */
export async function startPeerStampedServer(
  answer: (request: Request) => Response | Promise<Response>,
): Promise<PeerStampedServer> {
  installPeerAddressStamp();
  const server = createServer(async (req, res) => {
    req.resume();
    req.headers["x-forwarded-for"] ??= req.socket.remoteAddress; // as Next does, after the stamp
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
    const response = await answer(new Request(`http://${req.headers.host}${req.url}`, { headers }));
    res.writeHead(response.status, Object.fromEntries(response.headers)).end(await response.text());
  });
  await new Promise<void>((resolve) => server.listen(0, "0.0.0.0", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
