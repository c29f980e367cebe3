import { Agent } from "node:http";
import type { RawRequest } from "autocannon";
import { sendRawRequest } from "./raw-request";

// Requests whose every answer is kept (status, X-Request-Id, when it arrived), for scenario 7,
// which matches each change's answer with the webhooks it caused. Two ways to send them:
// - paced (open loop): request i leaves at start + i / rate whether or not earlier ones have
//   answered, so a slow server meets the same arrival rate instead of being given a break (a
//   closed loop's "coordinated omission");
// - burst (closed loop): `concurrency` loops, each sending its next request when the last answered.

/** Epoch milliseconds with a fraction: the same clock as the webhook receiver's worker thread. */
export const nowMs = () => performance.timeOrigin + performance.now();

interface SentRequest {
  /** When it was due (paced) or sent (burst), epoch ms. */
  scheduledAt: number;
  /** When the answer's status line and headers arrived, epoch ms (0: no answer). */
  answeredAt: number;
  status: number;
  requestId: string | null;
}

export interface SendResult {
  requests: SentRequest[];
  /** First send to last answer, seconds. */
  elapsedS: number;
  errors: number;
}

function send(agent: Agent, base: URL, req: RawRequest, record: SentRequest): Promise<void> {
  return new Promise((resolve) => {
    sendRawRequest(agent, base, req, (res) => {
      record.answeredAt = nowMs();
      record.status = res.statusCode ?? 0;
      const id = res.headers["x-request-id"];
      record.requestId = typeof id === "string" ? id : null;
      res.resume();
      res.on("end", () => resolve());
      res.on("error", () => resolve());
    }).on("error", () => resolve());
  });
}

export async function sendPaced(options: {
  url: string;
  count: number;
  perSecond: number;
  request: (i: number) => RawRequest;
  /** Sockets the client may open when answers fall behind (default 256). */
  maxSockets?: number;
}): Promise<SendResult> {
  const base = new URL(options.url);
  const agent = new Agent({ keepAlive: true, maxSockets: options.maxSockets ?? 256 });
  const interval = 1000 / options.perSecond;
  const requests: SentRequest[] = [];
  const inFlight: Promise<void>[] = [];
  const started = nowMs();
  await new Promise<void>((resolve) => {
    const tick = () => {
      const due = Math.min(options.count, Math.floor((nowMs() - started) / interval) + 1);
      while (requests.length < due) {
        const i = requests.length;
        const record: SentRequest = { scheduledAt: started + i * interval, answeredAt: 0, status: 0, requestId: null };
        requests.push(record);
        inFlight.push(send(agent, base, options.request(i), record));
      }
      if (requests.length >= options.count) return resolve();
      setTimeout(tick, Math.max(0, started + requests.length * interval - nowMs()));
    };
    tick();
  });
  await Promise.all(inFlight);
  agent.destroy();
  return finish(requests, started);
}

export async function sendBurst(options: {
  url: string;
  count: number;
  concurrency: number;
  request: (i: number) => RawRequest;
}): Promise<SendResult> {
  const base = new URL(options.url);
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency });
  const requests: SentRequest[] = [];
  const started = nowMs();
  const loop = async () => {
    while (requests.length < options.count) {
      const i = requests.length;
      const record: SentRequest = { scheduledAt: nowMs(), answeredAt: 0, status: 0, requestId: null };
      requests.push(record);
      await send(agent, base, options.request(i), record);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, loop));
  agent.destroy();
  return finish(requests, started);
}

function finish(requests: SentRequest[], started: number): SendResult {
  const last = Math.max(started, ...requests.map((r) => r.answeredAt));
  return {
    requests,
    elapsedS: (last - started) / 1000,
    errors: requests.filter((r) => r.status === 0).length,
  };
}
