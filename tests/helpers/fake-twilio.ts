import { createServer, type IncomingMessage, type Server } from "node:http";
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";

// A local stand-in for Twilio's Messages API, over real HTTP, so the provider code (form
// encoding, basic auth, timeouts, error mapping) runs exactly as in production.

type FakeTwilioMode = "accept" | "fail" | "hang";

export interface FakeTwilio {
  url: string;
  mode: FakeTwilioMode;
  received: Array<{ path: string; authorization: string | undefined; form: URLSearchParams }>;
  close: () => Promise<void>;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = "";
    req.on("data", (chunk) => (data += chunk));
    req.on("end", () => resolve(data));
  });

export async function startFakeTwilio(): Promise<FakeTwilio> {
  const fake = { mode: "accept" as FakeTwilioMode, received: [] as FakeTwilio["received"] };
  const server: Server = createServer(async (req, res) => {
    const form = new URLSearchParams(await readBody(req));
    fake.received.push({ path: req.url ?? "", authorization: req.headers.authorization, form });
    if (fake.mode === "hang") return; // never answers; the client's timeout must fire
    res.setHeader("content-type", "application/json");
    if (fake.mode === "fail") {
      res.writeHead(500).end(JSON.stringify({ code: 20500, message: "Internal Server Error" }));
      return;
    }
    res.writeHead(201).end(
      JSON.stringify({
        // Random, as Twilio's are: test files share a database, and message ids are looked up
        // across accounts (delivery reports, inbound routing).
        sid: `SM${randomBytes(16).toString("hex")}`,
        status: "queued",
        to: form.get("To"),
        body: form.get("Body"),
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
