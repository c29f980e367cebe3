import { createHash, timingSafeEqual } from "node:crypto";
import { ApiError } from "@/lib/errors/api-error";
import type { Peer } from "./peer-address-stamp";

// Who may read /api/metrics (route counts, queue depths and the like are not for the internet).
// - METRICS_TOKEN set: `Authorization: Bearer <METRICS_TOKEN>`, from anywhere; else 401.
// - Unset: loopback clients only (a Prometheus or an agent on the same host); else 403.
//   Loopback means the TCP peer is 127.0.0.0/8 or ::1 AND the request carries no forwarding
//   header: a reverse proxy on the same host connects from loopback on behalf of remote clients,
//   and says so with X-Forwarded-For (HAProxy's `option forwardfor`, nginx, Caddy). A proxy that
//   forwards without saying so would make every client look local: behind one, set METRICS_TOKEN
//   or do not route /api/metrics.
//   The peer comes from the socket (the worker's listener, or the stamp Next requests get in
//   peer-address-stamp.ts). Without one, only the headers are left: loopback Host and no
//   forwarding header. Host is the client's to write, so this is weaker, but it never holds
//   under `next start`, which always adds X-Forwarded-For: an unstamped request there is refused.

export interface MetricsCaller {
  authorization: string | null;
  /** The socket's peer, when known. */
  peer: Peer | null;
  host: string | null;
  /** Forwarding headers as the handler sees them (only used without a peer). */
  forwarded: boolean;
}

const digest = (text: string) => createHash("sha256").update(text).digest();

/** Constant time whatever the lengths: both sides hashed to 32 bytes first. */
function tokenMatches(sent: string, expected: string): boolean {
  return timingSafeEqual(digest(sent), digest(expected));
}

export function isLoopbackAddress(address: string): boolean {
  const ip = address.startsWith("::ffff:") ? address.slice(7) : address;
  return ip === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(ip);
}

function isLoopbackHost(host: string | null): boolean {
  if (!host) return false;
  const name = host.startsWith("[") ? host.slice(1, host.indexOf("]")) : host.split(":")[0];
  return name === "localhost" || isLoopbackAddress(name);
}

/** null when the caller may read the metrics, else the refusal to answer with. */
export function metricsRefusal(caller: MetricsCaller, token = process.env.METRICS_TOKEN): ApiError | null {
  if (token) {
    const sent = /^Bearer (.+)$/i.exec(caller.authorization?.trim() ?? "")?.[1] ?? "";
    if (sent && tokenMatches(sent, token)) return null;
    return new ApiError("unauthorized", "Metrics need Authorization: Bearer <METRICS_TOKEN>.");
  }
  const local = caller.peer
    ? isLoopbackAddress(caller.peer.address) && !caller.peer.forwarded
    : isLoopbackHost(caller.host) && !caller.forwarded;
  if (local) return null;
  return new ApiError(
    "forbidden",
    "Metrics are served to loopback clients only; set METRICS_TOKEN to scrape them from elsewhere.",
  );
}
