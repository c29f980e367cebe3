// An OTLP/HTTP collector stand-in for scenario 14: accepts POST /v1/traces (JSON or protobuf),
// counts requests and bytes, answers 200 at once, and keeps nothing. In a process of its own so
// that its CPU is neither the app's nor the load generator's, as a real collector is elsewhere.
// GET /stats answers what it received.
//   PORT=3414 node --import tsx bench/servers/otlp-sink.ts
import { createServer } from "node:http";

const received = { requests: 0, bytes: 0 };

const server = createServer((req, res) => {
  if (req.method === "GET" && req.url === "/stats") {
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(received));
    return;
  }
  let bytes = 0;
  req.on("data", (chunk: Buffer) => (bytes += chunk.length));
  req.on("end", () => {
    received.requests++;
    received.bytes += bytes;
    res.writeHead(200, { "content-type": req.headers["content-type"] ?? "application/json" }).end("{}");
  });
});

server.listen(Number(process.env.PORT ?? 3414), "127.0.0.1", () => {
  process.stdout.write(`otlp sink on ${JSON.stringify(server.address())}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
