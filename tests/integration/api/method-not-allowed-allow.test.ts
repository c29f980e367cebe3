import { createServer, request, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installOutsideContractGuard } from "@/lib/api/outside-contract-guard";
import { dispatch } from "../../helpers/route-table";

// Issue 33, part 6: a 405 names only the route's own methods in Allow. A method no route can take
// (TRACE, PROPFIND, FOO…) is refused before routing, and its Allow listed every method the API
// serves anywhere: a TRACE to /leads offered PUT, PATCH and DELETE. Here the guard instrumentation.ts
// installs stands in front of the real route handlers, as Next would route them (HEAD served by
// GET without the body, as Next does).

let server: Server;
let port: number;

beforeAll(async () => {
  installOutsideContractGuard();
  server = createServer(async (req, res) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
    const method = req.method === "HEAD" ? "GET" : req.method;
    try {
      const response = await dispatch(new Request(`http://127.0.0.1${req.url}`, { method, headers }));
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(req.method === "HEAD" ? undefined : Buffer.from(await response.arrayBuffer()));
    } catch (error) {
      // The route wrapper maps every error; reaching here is a bug the test must see.
      res.writeHead(599).end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

interface Answer {
  status: number;
  allow: string | undefined;
  requestId: string | undefined;
  body: string;
}

function send(method: string, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, method, path }, (res) => {
      let body = "";
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () =>
        resolve({
          status: res.statusCode!,
          allow: res.headers.allow,
          requestId: res.headers["x-request-id"] as string | undefined,
          body,
        }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

/** A method Node's parser refuses (no request object reaches any handler), sent as raw bytes. */
function sendRaw(method: string, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let text = "";
    socket.on("data", (chunk: Buffer) => (text += chunk.toString("latin1")));
    socket.on("error", reject);
    socket.on("close", () => {
      const [top, ...rest] = text.split("\r\n\r\n");
      const [statusLine = "", ...lines] = top.split("\r\n");
      const header = (name: string) =>
        lines
          .find((line) => line.toLowerCase().startsWith(`${name}:`))
          ?.slice(name.length + 1)
          .trim();
      resolve({
        status: Number(statusLine.split(" ")[1] ?? 0),
        allow: header("allow"),
        requestId: header("x-request-id"),
        body: rest.join("\r\n\r\n"),
      });
    });
    socket.end(`${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
  });
}

function expectError(answer: Answer, status: number, code: string) {
  expect(answer.status).toBe(status);
  const body = JSON.parse(answer.body) as { error: { code: string; requestId: string } };
  expect(body.error.code).toBe(code);
  expect(body.error.requestId).toBe(answer.requestId);
}

// Each route's own methods, written out here so that a change to a route's methods is a change
// this test sees.
const ROUTES = [
  ["collection", "/api/v1/leads", "GET, POST, HEAD, OPTIONS"],
  ["item", "/api/v1/leads/lead_01abc", "GET, PATCH, DELETE, HEAD, OPTIONS"],
  ["batch", "/api/v1/leads/batch", "POST, OPTIONS"],
  ["intake", "/api/v1/leads/intake", "POST, OPTIONS"],
  ["sms", "/api/v1/leads/lead_01abc/sms", "GET, POST, HEAD, OPTIONS"],
  ["one sms", "/api/v1/leads/lead_01abc/sms/sms_01abc", "GET, DELETE, HEAD, OPTIONS"],
  ["the OpenAPI document", "/api/v1/openapi.json", "GET, HEAD, OPTIONS"],
] as const;

describe("the Allow of a 405 (issue 33, part 6)", () => {
  it.each(ROUTES)("%s: OPTIONS answers 204 with the route's methods, as before", async (_, path, allow) => {
    const options = await send("OPTIONS", path);
    expect([options.status, options.allow]).toEqual([204, allow]);
  });

  it.each(ROUTES)(
    "%s: a method no route takes (TRACE, PROPFIND, MKCOL) is a 405 naming only the route's methods",
    async (_, path, allow) => {
      for (const method of ["TRACE", "PROPFIND", "MKCOL"]) {
        const answer = await send(method, `${path}?limit=1`);
        expectError(answer, 405, "method_not_allowed");
        expect(answer.allow, method).toBe(allow);
      }
    },
  );

  it.each(ROUTES)("%s: a method Node's parser refuses (FOO) names the route's methods too", async (_, path, allow) => {
    const answer = await sendRaw("FOO", path);
    expectError(answer, 405, "method_not_allowed");
    expect(answer.allow).toBe(allow);
  });

  it.each(ROUTES.filter(([, , allow]) => !allow.includes("PUT")))(
    "%s: a method the API serves elsewhere (PUT) is the route's own 405, with the same Allow",
    async (_, path, allow) => {
      const answer = await send("PUT", path);
      expectError(answer, 405, "method_not_allowed");
      expect(answer.allow).toBe(allow);
    },
  );

  it("HEAD is GET without the body, where the route has GET: not refused before routing", async () => {
    const head = await send("HEAD", "/api/v1/leads");
    expect(head.status).toBe(401);
    expect(head.body).toBe("");
    expect(head.requestId).toMatch(/^req_/);
    const headOfDocument = await send("HEAD", "/api/v1/openapi.json");
    expect([headOfDocument.status, headOfDocument.body]).toEqual([200, ""]);
  });

  it("a path no route has answers the 404 every method gets there, whatever the method", async () => {
    for (const path of ["/api/v1/nothing-here", "/api/v2/leads", "/api/v1/leads/lead_1/nothing"]) {
      expectError(await send("TRACE", path), 404, "not_found");
      expectError(await send("GET", path), 404, "not_found");
      expectError(await sendRaw("FOO", path), 404, "not_found");
    }
    // A trailing slash is no route's path either (the guard's 404), not a 405.
    expectError(await send("TRACE", "/api/v1/leads/"), 404, "not_found");
  });

  it("CONNECT names no path: the methods the API serves on some path", async () => {
    const answer = await sendRaw("CONNECT", "example.com:443");
    expectError(answer, 405, "method_not_allowed");
    expect(answer.allow).toBe("GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
  });
});
