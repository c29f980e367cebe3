import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { refusedAddress } from "./address-policy";

/** Every address a host name resolves to. Injected by tests to play DNS tricks. */
export type ResolveHost = (hostname: string) => Promise<string[]>;

export interface WebhookUrlOptions {
  /** Allow http and private/loopback addresses. Default: WEBHOOKS_ALLOW_PRIVATE_URLS=1, read per call. */
  allowPrivateUrls?: boolean;
  resolveHost?: ResolveHost;
}

/**
 * `address` is the one the delivery must connect to: the one that was checked. `unresolved` marks
 * a DNS failure, which is a network problem worth retrying rather than a refusal.
 */
export type WebhookUrlCheck =
  { ok: true; url: URL; address: string } | { ok: false; reason: string; unresolved?: true };

// verbatim: the system's order, not "IPv4 first"; all: a name with one private address among
// public ones is refused, since the connection could otherwise land on any of them.
const resolveWithSystem: ResolveHost = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * Checks a webhook URL when an endpoint is created and again at each delivery (resolving the
 * name afresh). The reason reads after "The URL …", e.g. "must use https", "resolves to a private
 * address (10.0.0.5)", for the API's 422 and the UI's form error.
 */
export async function checkWebhookUrl(raw: string, options: WebhookUrlOptions = {}): Promise<WebhookUrlCheck> {
  const allowPrivate = options.allowPrivateUrls ?? process.env.WEBHOOKS_ALLOW_PRIVATE_URLS === "1";
  const url = URL.canParse(raw) ? new URL(raw) : null;
  if (!url) return refuse("is not a valid URL");
  if (url.protocol !== "https:" && !(allowPrivate && url.protocol === "http:")) return refuse("must use https");
  // Node would send them as Basic auth to whoever answers; a secret belongs in the signing key.
  if (url.username || url.password) return refuse("must not contain credentials (user:password@)");

  // The WHATWG parser has already turned 0x7f.1, 2130706433 and friends into 127.0.0.1.
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const literal = isIP(host) !== 0;
  let addresses: string[];
  try {
    addresses = literal ? [host] : await (options.resolveHost ?? resolveWithSystem)(host);
  } catch (error) {
    return { ok: false, reason: `host could not be resolved (${errorCode(error)})`, unresolved: true };
  }
  if (addresses.length === 0) return { ok: false, reason: "host resolves to no address", unresolved: true };
  for (const address of addresses) {
    const refused = refusedAddress(address, allowPrivate);
    if (refused) return refuse(`${literal ? "is" : "resolves to"} ${refused}`);
  }
  return { ok: true, url, address: addresses[0] };
}

const refuse = (reason: string): WebhookUrlCheck => ({ ok: false, reason });

function errorCode(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code ?? (error instanceof Error ? error.message : String(error));
}
