import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

// A real HTTP receiver on loopback for webhook tests: it records what arrives and answers what
// the test says (a status, after a delay).

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

export interface WebhookReceiver {
  url: (path?: string) => string;
  received: ReceivedWebhook[];
  /** What the next requests (to `path`, if given) get: a status, or a status after `delayMs`.
   * Default 200. */
  respond: (answer: { status: number; delayMs?: number }, path?: string) => void;
  /** Resolves once `count` requests (to `path`, if given) have arrived; rejects after `timeoutMs`. */
  waitFor: (count: number, options?: { path?: string; timeoutMs?: number }) => Promise<ReceivedWebhook[]>;
  close: () => Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let answer = { status: 200, delayMs: 0 };
  const answerOn = new Map<string, typeof answer>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({
        path: req.url ?? "/",
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
        at: Date.now(),
      });
      const { status, delayMs } = answerOn.get(req.url ?? "/") ?? answer;
      const send = () => res.writeHead(status, { "content-type": "text/plain" }).end(`answered ${status}`);
      if (delayMs) setTimeout(send, delayMs).unref();
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const matching = (path?: string) => received.filter((r) => path === undefined || r.path === path);
  return {
    url: (path = "/hook") => `http://127.0.0.1:${port}${path}`,
    received,
    respond: (next, path) => {
      if (path === undefined) answer = { delayMs: 0, ...next };
      else answerOn.set(path, { delayMs: 0, ...next });
    },
    async waitFor(count, { path, timeoutMs = 10_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      while (matching(path).length < count) {
        if (Date.now() > deadline)
          throw new Error(`webhook receiver: ${matching(path).length} of ${count} requests after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return matching(path);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
