import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { StringDecoder } from "node:string_decoder";
import { checkWebhookUrl, type WebhookUrlOptions } from "./check-webhook-url";
import { deliveryAgent } from "./delivery-agents";
import { describeNetworkError } from "./describe-network-error";

const DEFAULT_TIMEOUT_MS = 10_000;
// A receiver owes us a status, not a document: we stop reading after 64 KB so a hostile or broken
// one cannot hold a worker or its memory, and keep 2 KB for the delivery log.
const READ_LIMIT_BYTES = 64 * 1024;
const KEPT_BYTES = 2 * 1024;

export interface WebhookPost extends WebhookUrlOptions {
  url: string;
  /** Signature headers and the like; User-Agent and Content-Type have defaults. */
  headers: Record<string, string>;
  body: string;
  /** For the whole attempt: DNS, connect, TLS, request and response. */
  timeoutMs?: number;
}

/**
 * What happened, for the delivery log. The receiver accepted when `status` is 2xx; `error` says
 * why there is no status (refused URL, timeout, connection refused…) or, beside a status, that
 * reading the body failed after it. A 3xx is reported, never followed.
 */
export interface WebhookAttempt {
  status: number | null;
  durationMs: number;
  responseBody: string;
  error: string | null;
}

type Outcome = Omit<WebhookAttempt, "durationMs">;

/** POSTs one webhook to the address its URL was checked against. Never throws. */
export async function postWebhook(post: WebhookPost): Promise<WebhookAttempt> {
  const started = performance.now();
  const timeoutMs = post.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), timeoutMs);
  const timedOut = `timeout after ${timeoutMs} ms`;
  let outcome: Outcome;
  try {
    // Checked here, at delivery, and not only when the endpoint was saved: the name may point
    // elsewhere now (DNS rebinding), so the address we connect to is the one judged just now.
    const aborted = new Promise<null>((resolve) => deadline.signal.addEventListener("abort", () => resolve(null)));
    const check = await Promise.race([checkWebhookUrl(post.url, post), aborted]);
    if (!check) outcome = noResponse(timedOut);
    else if (!check.ok) outcome = noResponse(check.unresolved ? check.reason : `refused: ${check.reason}`);
    else outcome = await send(check.url, check.address, post, deadline.signal, timedOut);
  } catch (error) {
    outcome = noResponse(describeNetworkError(error));
  } finally {
    clearTimeout(timer);
  }
  return { ...outcome, durationMs: Math.round(performance.now() - started) };
}

const noResponse = (error: string): Outcome => ({ status: null, responseBody: "", error });

function send(url: URL, address: string, post: WebhookPost, signal: AbortSignal, timedOut: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const body = new ResponseBody();
    let status: number | null = null;
    let settled = false;
    let retried = false;
    let req: http.ClientRequest;
    // `keep`: the answer was read to its end, so the socket goes back to its receiver's pool;
    // otherwise (an error, a timeout, an answer cut at the read limit) it is destroyed.
    const settle = (error: string | null, keep = false) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener("abort", onAbort);
      if (!keep) req.destroy();
      resolve({ status, responseBody: body.text(), error });
    };
    const onAbort = () => settle(timedOut);

    const start = () => {
      const sent = (url.protocol === "https:" ? https : http).request(
        {
          method: "POST",
          // The name, not the address, so Host and TLS (SNI, certificate check) are about the name;
          // the pinned lookup makes the socket go to the checked address all the same.
          hostname: url.hostname.replace(/^\[(.*)\]$/, "$1"),
          port: url.port || undefined,
          path: `${url.pathname}${url.search}`,
          headers: withDefaults(post.headers, post.body),
          lookup: pinnedLookup(address),
          // Pooled per checked address (see delivery-agents.ts): a reused socket goes where this
          // attempt's check allowed.
          agent: deliveryAgent(url, address),
        },
        (res) => {
          status = res.statusCode ?? null;
          res.on("data", (chunk: Buffer) => body.add(chunk) && settle(null));
          res.on("end", () => settle(null, true));
          res.on("error", (error) => settle(describeNetworkError(error)));
        },
      );
      sent.on("error", (error) => {
        // A pooled socket the receiver closed while it sat idle fails at once, before any answer:
        // Node's documented remedy is to send again on a new connection, once.
        if (sent.reusedSocket && status === null && !retried && isConnectionReset(error) && !signal.aborted) {
          retried = true;
          return start();
        }
        settle(describeNetworkError(error));
      });
      req = sent;
      sent.end(post.body);
    };
    if (signal.aborted) return resolve({ status: null, responseBody: "", error: timedOut });
    signal.addEventListener("abort", onAbort, { once: true });
    start();
  });
}

const isConnectionReset = (error: unknown) =>
  ["ECONNRESET", "EPIPE"].includes((error as NodeJS.ErrnoException).code ?? "");

function withDefaults(headers: Record<string, string>, body: string): Record<string, string> {
  const given = new Set(Object.keys(headers).map((name) => name.toLowerCase()));
  return {
    ...(given.has("user-agent") ? {} : { "User-Agent": "LeadProp-Webhooks/1.0" }),
    ...(given.has("content-type") ? {} : { "Content-Type": "application/json" }),
    ...headers,
    "Content-Length": String(Buffer.byteLength(body)),
  };
}

// Node resolves the name again when it connects, and that second answer is the one a rebinding
// DNS server would change; this lookup answers with the address already checked instead. Node 20
// asks with `all: true` when it may try several addresses (autoSelectFamily).
function pinnedLookup(address: string): LookupFunction {
  const family = isIP(address);
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

// Counts what was read up to the limit and keeps the first 2 KB as text; the decoder holds back
// a character cut in half at the 2 KB mark instead of writing a replacement character.
class ResponseBody {
  private kept: Buffer[] = [];
  private keptBytes = 0;
  private readBytes = 0;

  /** True once enough has been read: stop. */
  add(chunk: Buffer): boolean {
    if (this.keptBytes < KEPT_BYTES) {
      const part = Buffer.from(chunk.subarray(0, KEPT_BYTES - this.keptBytes));
      this.kept.push(part);
      this.keptBytes += part.length;
    }
    this.readBytes += chunk.length;
    return this.readBytes >= READ_LIMIT_BYTES;
  }

  /** The kept text, storable: a NUL the receiver sent (PostgreSQL's text refuses it) is shown as
   * U+FFFD, so a hostile answer cannot make the attempt fail to be logged. */
  text(): string {
    return new StringDecoder("utf8").write(Buffer.concat(this.kept)).replaceAll("\u0000", "\uFFFD");
  }
}
