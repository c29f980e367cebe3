import { isLoopbackAddress } from "@/lib/observability/metrics-access";
import type { Peer } from "@/lib/observability/peer-address-stamp";
import { servesLocalOutbox } from "./get-mail-sender";

type Env = Record<string, string | undefined>;

/**
 * Who may open /dev/mail, the local outbox with every password reset link and no sign-in: only
 * on the embedded default (servesLocalOutbox), and only a browser on this machine. Absent
 * variables alone turned it on, so a bare `npm start` on a reachable host served every reset link
 * to anyone (issue 31, finding 16).
 *
 * The peer is the server's stamp of the socket (peer-address-stamp.ts), never a header: loopback,
 * and no forwarding header, as for /api/metrics (a reverse proxy on the same host connects from
 * loopback on behalf of remote clients). No stamp (a request that did not come through this
 * process's server): refused.
 */
export function mayReadLocalOutbox(peer: Peer | null, env: Env = process.env): boolean {
  return servesLocalOutbox(env) && peer !== null && isLoopbackAddress(peer.address) && !peer.forwarded;
}
