import type { ChildProcess } from "node:child_process";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { killAndWait } from "../../helpers/spawn-process";
import { startApiServer } from "../../helpers/start-api-server";

// Issue 31, finding 21: answers outside the error envelope, against a real server process
// (tests/helpers/api-server.ts: node:http with the guard instrumentation.ts installs, in front of
// the real route handlers). Raw HTTP over a socket, as the audit's client sent it: Node's own
// bare 400 for an unknown method, a reset for CONNECT, an empty 431 for a long URL, redirects for
// paths that only normalize to the API, and an OPTIONS without X-Request-Id.

let server: ChildProcess;
let port: number;

beforeAll(async () => {
  ({ child: server, port } = await startApiServer());
}, 120_000);

afterAll(() => killAndWait(server));

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends `head` as written and reads the answer until the server closes the connection. */
function raw(head: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let text = "";
    socket.on("data", (chunk: Buffer) => (text += chunk.toString("latin1")));
    socket.on("error", reject);
    socket.on("close", () => {
      const [top, ...rest] = text.split("\r\n\r\n");
      const [statusLine = "", ...lines] = top.split("\r\n");
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
      );
      const body = rest.join("\r\n\r\n");
      resolve({
        status: Number(statusLine.split(" ")[1] ?? 0),
        headers,
        body: headers["transfer-encoding"] === "chunked" ? dechunk(body) : body,
      });
    });
    socket.setTimeout(10_000, () => socket.destroy(new Error(`no answer to ${head.slice(0, 60)}`)));
    socket.end(head);
  });
}

/** A chunked body's data: `<hex size>\r\n<data>\r\n`… up to a 0-size chunk. */
function dechunk(body: string): string {
  let out = "";
  for (let at = 0; ;) {
    const lineEnd = body.indexOf("\r\n", at);
    const size = parseInt(body.slice(at, lineEnd), 16);
    if (!size) return out;
    out += body.slice(lineEnd + 2, lineEnd + 2 + size);
    at = lineEnd + 2 + size + 2;
  }
}

const request = (method: string, target: string, extra = "") =>
  raw(`${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n${extra}\r\n`);

function expectEnvelope(res: RawAnswer, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
  expect(res.headers["x-request-id"]).toMatch(/^req_/);
  const body = JSON.parse(res.body) as { error: { code: string; message: string; requestId: string } };
  expect(body.error).toMatchObject({ code, requestId: res.headers["x-request-id"] });
  expect(res.headers.location).toBeUndefined();
  return body.error;
}

describe("answers outside the envelope (issue 31, finding 21)", () => {
  it("an unknown method (FOO), which Node's parser refuses, is a JSON 405 with the route's Allow", async () => {
    // The Allow is asked of the route, whose module loads on the server's first request: let that
    // be this one, so the FOO's answer does not wait for it.
    await request("OPTIONS", "/api/v1/leads");
    const error = expectEnvelope(await request("FOO", "/api/v1/leads"), 405, "method_not_allowed");
    expect(error.message).toMatch(/^FOO is not a method this API serves/);
    // The route's own methods (issue 33, part 6), not every method the API serves somewhere.
    expect((await request("FOO", "/api/v1/leads")).headers.allow).toBe("GET, POST, HEAD, OPTIONS");
  });

  it("CONNECT is a JSON 405, not a reset", async () => {
    const res = await raw("CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n");
    expectEnvelope(res, 405, "method_not_allowed");
    expect(res.headers.allow).toBe("GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
  });

  it("a URL over 16 KB is a JSON 431, and other malformed HTTP a JSON 400", async () => {
    const long = await request("GET", `/api/v1/leads?q=${"a".repeat(20_000)}`);
    expect(expectEnvelope(long, 431, "headers_too_large").message).toMatch(/over 16 KB/);
    expectEnvelope(await request("GET", "/api/v1/leads", "Bad Header: y\r\n"), 400, "malformed_request");
  });

  it.each([
    "//api/v1/leads",
    "/./api/v1/leads",
    "/api/v1/./leads",
    "/api/v1/leads/.",
    "/api/v1/leads/lead_1/..",
    "/api/v1/leads/%2e",
    "/API/V1/leads",
    "/Api/v1/leads",
  ])("%s, which normalizes to an API path, is a JSON 404, not a redirect", async (path) => {
    expectEnvelope(await request("GET", path), 404, "not_found");
  });

  it("OPTIONS on the OpenAPI document and the Postman collection carries X-Request-Id", async () => {
    for (const path of ["/api/v1/openapi.json", "/api/v1/postman.json"]) {
      const res = await request("OPTIONS", path);
      expect(res.status, path).toBe(204);
      expect(res.headers.allow, path).toBe("GET, HEAD, OPTIONS");
      expect(res.headers["x-request-id"], path).toMatch(/^req_/);
    }
  });

  it("the server goes on serving: the API's own answers are unchanged", async () => {
    expectEnvelope(await request("GET", "/api/v1/leads"), 401, "missing_api_key");
    expect((await request("GET", "/api/v1/openapi.json")).status).toBe(200);
  });
});
