import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { installOutsideContractGuard } from "@/lib/api/outside-contract-guard";
import { logger } from "@/lib/log/logger";

// The guard that instrumentation.ts installs in the Next server, in front of a stand-in for
// Next: what it refuses never reaches the stand-in, and everything else does, untouched.
// (e2e/security-headers.spec.ts checks the same through `next start`.)

let server: Server;
let port: number;
const reachedNext: string[] = [];

beforeAll(async () => {
  installOutsideContractGuard();
  server = createServer((req, res) => {
    reachedNext.push(`${req.method} ${req.url}`);
    res.end("next");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function send(
  method: string,
  path: string,
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, method, path }, (res) => {
      let body = "";
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("requests outside the contract under /api", () => {
  it.each(["TRACE", "PROPFIND", "MKCOL", "LOCK"])(
    "%s answers the JSON 405 envelope with a request id",
    async (method) => {
      const res = await send(method, "/api/v1/leads");
      expect(res.status).toBe(405);
      expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(res.headers.allow).toBe("GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
      const body = JSON.parse(res.body) as { error: { code: string; requestId: string } };
      expect(body.error.code).toBe("method_not_allowed");
      expect(body.error.requestId).toBe(res.headers["x-request-id"]);
    },
  );

  it.each(["/api/v1/leads/", "/api/v1/leads//lead_1", "/api/v1/", "/api/", "/api/v1\\leads"])(
    "%s is a JSON 404, not a redirect to another resource",
    async (path) => {
      const res = await send("GET", path);
      expect(res.status).toBe(404);
      expect((JSON.parse(res.body) as { error: { code: string } }).error.code).toBe("not_found");
      expect(res.headers.location).toBeUndefined();
    },
  );

  // Issue 31, finding 17: Next's own decoding threw on these, a text/plain 500 with no envelope,
  // no X-Request-Id and no log line.
  it.each([
    "/api/v1/leads/%ff",
    "/api/v1/properties/%ED%A0%80",
    "/api/v1/visits/%80",
    "/api/v1/foo%ff",
    "/api/v1/leads/%zz",
    "/api/v1/leads/%E2%82",
  ])(
    "%s (percent-encoding that is not UTF-8) is a JSON 404 with a request id and a log line (issue 31, finding 17)",
    async (path) => {
      const info = vi.spyOn(logger, "info");
      try {
        const res = await send("GET", path);
        expect(res.status).toBe(404);
        expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
        expect(res.headers["x-request-id"]).toMatch(/^req_/);
        const body = JSON.parse(res.body) as { error: { code: string; requestId: string; message: string } };
        expect(body.error).toMatchObject({ code: "not_found", requestId: res.headers["x-request-id"] });
        expect(body.error.message).toMatch(/percent-encoding is not valid UTF-8/);
        expect(info).toHaveBeenCalledWith(
          "api request",
          expect.objectContaining({ requestId: res.headers["x-request-id"], status: 404, errorCode: "not_found" }),
        );
      } finally {
        info.mockRestore();
      }
    },
  );

  // Issue 31, finding 21: paths that reach an API route only once normalized. Next answered a
  // 308 to the normalized path (the list, for most of these), and for another case the session
  // proxy a 307 to /login: no envelope, no request id.
  it.each([
    "//api/v1/leads",
    "///api/v1/leads",
    "/./api/v1/leads",
    "/api/v1/./leads",
    "/api/v1/leads/.",
    "/api/v1/leads/lead_1/..",
    "/api/v1/leads/%2e",
    "/api/v1/leads/%2E%2E",
    "/x/../api/v1/leads",
    "/API/V1/leads",
    "/Api/v1/leads?limit=1",
    "/\\api\\v1\\leads",
  ])("%s never reaches Next: a JSON 404 with a request id (issue 31, finding 21)", async (path) => {
    reachedNext.length = 0;
    const res = await send("GET", path);
    expect(res.status).toBe(404);
    expect(res.headers["x-request-id"]).toMatch(/^req_/);
    expect((JSON.parse(res.body) as { error: { code: string } }).error.code).toBe("not_found");
    expect(reachedNext).toEqual([]);
  });

  it("lets everything else through untouched: the API's own paths, a slash in the query, pages", async () => {
    reachedNext.length = 0;
    for (const [method, path] of [
      ["GET", "/api/v1/leads"],
      ["OPTIONS", "/api/v1/leads/lead_1"],
      ["GET", "/api/v1/leads?q=a/b/"],
      ["GET", "/login/"],
      ["TRACE", "/login"],
      ["GET", "/apiary/"],
      ["GET", "/api/v1/leads/caf%C3%A9%20%2F"],
      ["GET", "/api/v1/leads?q=%ff"],
      ["GET", "/settings/api"],
      ["GET", "/docs/api/./x"],
      ["GET", "/.well-known/security.txt"],
    ]) {
      expect((await send(method, path)).body).toBe("next");
    }
    expect(reachedNext).toHaveLength(11);
  });
});
