import { Worker } from "node:worker_threads";

// Scenario 7's webhook receiver: a node:http server on a worker thread of the bench process (so
// the load generator's busy event loop neither delays its answers nor its clock), answering 200
// as soon as a delivery's body is read and recording, per delivery, the path it came to (one path
// per endpoint), its `webhook-id`, the body's `requestId` (the X-Request-Id of the API request that
// made the change) and when its request line arrived. Times are epoch milliseconds with a
// fraction (performance.timeOrigin + performance.now(): the same clock on every thread of the
// process), so they compare with the client's.
// Two kinds of path behave otherwise, for the receivers issue 32 measures against:
// - `/delay/<ms>/…` answers 200 that many milliseconds after the body was read (a slow receiver);
// - `/hang/…` never answers (a dead one): the sender's timeout ends the request. Its arrivals are
//   recorded but not counted by count(), which counts the deliveries answered.

export interface Arrival {
  /** The request path: which endpoint it was sent to. */
  path: string;
  webhookId: string;
  requestId: string | null;
  /** Epoch ms (fractional) when the request arrived. */
  at: number;
}

export interface WebhookReceiver {
  /** http://127.0.0.1:<port> */
  url: string;
  /** Deliveries received so far (duplicates included; never those to a `/hang/` path). */
  count(): number;
  /** The arrivals recorded since the last call. */
  take(): Promise<Arrival[]>;
  stop(): Promise<void>;
}

// Plain JavaScript, run with `eval`: no loader needed on the worker.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const http = require("node:http");
const counter = new Int32Array(workerData.counter);
let arrivals = [];
const server = http.createServer((req, res) => {
  const at = performance.timeOrigin + performance.now();
  const chunks = [];
  req.on("data", (chunk) => chunks.push(chunk));
  req.on("end", () => {
    const hang = req.url.startsWith("/hang/");
    // "/delay/<ms>/…": split gives ["", "delay", "<ms>", …].
    const delayMs = req.url.startsWith("/delay/") ? Number(req.url.split("/")[2]) : 0;
    const answer = () => {
      res.writeHead(200, { "content-type": "text/plain" });
      res.end("ok");
    };
    if (delayMs > 0) setTimeout(answer, delayMs);
    else if (!hang) answer();
    let requestId = null;
    try {
      requestId = JSON.parse(Buffer.concat(chunks).toString("utf8")).requestId ?? null;
    } catch {}
    arrivals.push({ path: req.url, webhookId: String(req.headers["webhook-id"] ?? ""), requestId, at });
    if (!hang) Atomics.add(counter, 0, 1);
  });
});
server.listen(workerData.port, "127.0.0.1", () => parentPort.postMessage({ type: "listening", port: server.address().port }));
parentPort.on("message", (message) => {
  if (message === "take") {
    const taken = arrivals;
    arrivals = [];
    parentPort.postMessage({ type: "arrivals", arrivals: taken });
  } else if (message === "stop") {
    server.close(() => parentPort.postMessage({ type: "stopped" }));
    server.closeAllConnections();
  }
});
`;

export async function startWebhookReceiver(port = 0): Promise<WebhookReceiver> {
  const counterBuffer = new SharedArrayBuffer(4);
  const counter = new Int32Array(counterBuffer);
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { port, counter: counterBuffer } });
  const next = (type: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const onMessage = (message: Record<string, unknown>) => {
        if (message.type !== type) return;
        worker.off("message", onMessage);
        worker.off("error", reject);
        resolve(message);
      };
      worker.on("message", onMessage);
      worker.once("error", reject);
    });
  const { port: bound } = await next("listening");
  let stopped = false;
  return {
    url: `http://127.0.0.1:${bound as number}`,
    count: () => Atomics.load(counter, 0),
    async take() {
      const reply = next("arrivals");
      worker.postMessage("take");
      return (await reply).arrivals as Arrival[];
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      const done = next("stopped");
      worker.postMessage("stop");
      await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 2_000))]);
      await worker.terminate();
    },
  };
}
