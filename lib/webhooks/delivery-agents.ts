import http from "node:http";
import https from "node:https";

// Deliveries to one receiver reuse their connections: a fresh TCP (and TLS) handshake per
// delivery cost more than the POST itself (issue 32's bench: ~140 deliveries/s per process with
// `agent: false`, ~290/s with these). The pool is keyed by the address the URL was checked
// against, not by the name alone, so a pooled socket can only ever go to an address that passed
// the SSRF check in the same attempt: a name that now points elsewhere gets a new pool, never an
// old socket. The name and port are in the key too, since TLS (SNI and the certificate) is about
// the name.

// Shorter than the idle timeout most servers keep (Node's 5 s, nginx's 75 s), so we close an idle
// socket before the receiver does and rarely write into one it is closing.
const IDLE_SOCKET_MS = 4_000;
// Sockets kept per receiver address; a delivery beyond them waits for one (as
// deliveries to one endpoint are capped lower than this, see the per-endpoint concurrency).
const SOCKETS_PER_RECEIVER = 50;
// Receivers with a pool; the least recently used pool is let go beyond this. Its sockets are not
// destroyed (a delivery may be using one): they close when idle like any other.
const MAX_POOLS = 512;

const pools = new Map<string, http.Agent>();

/** The keep-alive agent for deliveries to `url` at the checked `address`. */
export function deliveryAgent(url: URL, address: string): http.Agent {
  const key = `${url.protocol}//${address}|${url.port}|${url.hostname}`;
  const pooled = pools.get(key);
  if (pooled) {
    // Map order is insertion order: taking it out and back makes it the most recently used.
    pools.delete(key);
    pools.set(key, pooled);
    return pooled;
  }
  const options = { keepAlive: true, timeout: IDLE_SOCKET_MS, maxSockets: SOCKETS_PER_RECEIVER, maxFreeSockets: 10 };
  const agent = url.protocol === "https:" ? new https.Agent(options) : new http.Agent(options);
  pools.set(key, agent);
  if (pools.size > MAX_POOLS) pools.delete(pools.keys().next().value!);
  return agent;
}
