import { request as httpRequest, type Agent, type ClientRequest, type IncomingMessage } from "node:http";
import type { RawRequest } from "autocannon";

/** Sends one of autocannon's request descriptions over `agent` to `base`, by hand: the bench's
 * own clients (the latency sampler, the paced sender) time and read the answers themselves. */
export function sendRawRequest(
  agent: Agent,
  base: URL,
  req: RawRequest,
  onResponse: (res: IncomingMessage) => void,
): ClientRequest {
  const body = req.body === undefined ? undefined : Buffer.from(req.body);
  const r = httpRequest(
    {
      agent,
      host: base.hostname,
      port: base.port,
      method: req.method ?? "GET",
      path: req.path ?? "/",
      headers: { ...req.headers, ...(body && { "content-length": String(body.length) }) },
    },
    onResponse,
  );
  r.end(body);
  return r;
}
