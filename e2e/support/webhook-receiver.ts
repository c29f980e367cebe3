import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
  /** The status this request was answered with. */
  answeredWith: number;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** What the next requests are answered with (200 to start). */
  answer(status: number, body?: string): void;
  close(): Promise<void>;
}

// A real HTTP server on loopback for the webhook specs: records every POST and answers with a
// status the test sets. The e2e server accepts loopback URLs (WEBHOOKS_ALLOW_PRIVATE_URLS=1).
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let reply = { status: 200, body: '{"received":true}' };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const { status, body } = reply;
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8"), answeredWith: status });
      response.writeHead(status, { "content-type": "application/json" }).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/leadprop`,
    received,
    answer(status, body = JSON.stringify({ status })) {
      reply = { status, body };
    },
    close: () => new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
