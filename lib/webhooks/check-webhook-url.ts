import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { databaseEngine } from "@/lib/observability/query-rows";
import { isLoopbackAddress, refusedAddress } from "./address-policy";

/** Every address a host name resolves to. Injected by tests to play DNS tricks. */
export type ResolveHost = (hostname: string) => Promise<string[]>;

export interface WebhookUrlOptions {
  /** Allow http and private/loopback addresses. Default: WEBHOOKS_ALLOW_PRIVATE_URLS=1, read per call. */
  allowPrivateUrls?: boolean;
  /**
   * Allow a receiver on this computer (loopback, over http or https), as the Stripe CLI lets a
   * developer receive locally. Default: on the embedded database only (no DATABASE_URL, read per
   * call), which is one process on a developer's machine; a shared server's loopback is not theirs.
   */
  allowLoopback?: boolean;
  resolveHost?: ResolveHost;
}

/**
 * Why a name has no address. `not_found`: the DNS answered that it does not exist (NXDOMAIN) or
 * has no address; `resolver_failed`: no answer (SERVFAIL, timeout, resolver unreachable), which
 * says nothing about the URL and is worth retrying.
 */
type Unresolved = "not_found" | "resolver_failed";

/**
 * `address` is the one the delivery must connect to: the one that was checked. `unresolved` marks
 * a DNS failure, which a delivery retries rather than refuses.
 */
export type WebhookUrlCheck =
  { ok: true; url: URL; address: string } | { ok: false; reason: string; unresolved?: Unresolved };

// verbatim: the system's order, not "IPv4 first"; all: a name with one private address among
// public ones is refused, since the connection could otherwise land on any of them.
const resolveWithSystem: ResolveHost = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

// Node's codes for "the name does not exist" (getaddrinfo's EAI_NONAME and EAI_NODATA both become
// ENOTFOUND; c-ares answers ENOTFOUND for NXDOMAIN, ENODATA for a name without addresses). Any
// other code (EAI_AGAIN, ESERVFAIL, ETIMEOUT, ECONNREFUSED…) is the resolver failing.
const NOT_FOUND_CODES = new Set(["ENOTFOUND", "ENODATA"]);

/** Whether a receiver on this computer is accepted unless told otherwise: on the embedded database. */
export const loopbackReceiversAllowed = (): boolean => databaseEngine() === "pglite";

const LOOPBACK_HINT = "loopback receivers are accepted only on the embedded database, for local development";

/**
 * Checks a webhook URL when an endpoint is created and again at each delivery (resolving the
 * name afresh). The reason reads after "The URL …", e.g. "must use https", "resolves to a private
 * address (10.0.0.5)", for the API's 400 and the UI's form error.
 */
export async function checkWebhookUrl(raw: string, options: WebhookUrlOptions = {}): Promise<WebhookUrlCheck> {
  const allowPrivate = options.allowPrivateUrls ?? process.env.WEBHOOKS_ALLOW_PRIVATE_URLS === "1";
  const allowLoopback = allowPrivate || (options.allowLoopback ?? loopbackReceiversAllowed());
  const url = URL.canParse(raw) ? new URL(raw) : null;
  if (!url) return refuse("is not a valid URL");
  const plainHttp = url.protocol === "http:";
  if (url.protocol !== "https:" && !plainHttp) return refuse("must use https");
  // The WHATWG parser has already turned 0x7f.1, 2130706433 and friends into 127.0.0.1.
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const literal = isIP(host) !== 0;
  if (plainHttp && !allowLoopback) {
    const local = host === "localhost" || (literal && isLoopbackAddress(host));
    return refuse(local ? `must use https: ${LOOPBACK_HINT}` : "must use https");
  }
  // Node would send them as Basic auth to whoever answers; a secret belongs in the signing key.
  if (url.username || url.password) return refuse("must not contain credentials (user:password@)");

  let addresses: string[];
  try {
    addresses = literal ? [host] : await (options.resolveHost ?? resolveWithSystem)(host);
  } catch (error) {
    const code = errorCode(error);
    return NOT_FOUND_CODES.has(code)
      ? { ok: false, reason: `host does not resolve (${code})`, unresolved: "not_found" }
      : { ok: false, reason: `host could not be resolved (${code})`, unresolved: "resolver_failed" };
  }
  if (addresses.length === 0) return { ok: false, reason: "host resolves to no address", unresolved: "not_found" };
  const verb = literal ? "is" : "resolves to";
  for (const address of addresses) {
    const loopback = isLoopbackAddress(address);
    if (loopback && allowLoopback) continue;
    // Plain http is for a receiver on this computer only, unless private URLs are allowed.
    if (plainHttp && !allowPrivate) return refuse("must use https (only a receiver on this computer may use http)");
    const refused = refusedAddress(address, allowPrivate);
    if (refused) return refuse(`${verb} ${refused}${loopback ? `: ${LOOPBACK_HINT}` : ""}`);
  }
  return { ok: true, url, address: addresses[0] };
}

const refuse = (reason: string): WebhookUrlCheck => ({ ok: false, reason });

function errorCode(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code ?? (error instanceof Error ? error.message : String(error));
}
