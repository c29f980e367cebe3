import { networkInterfaces } from "node:os";
import { afterAll, describe, expect, it } from "vitest";
import { getDbHandle } from "@/db/client";
import { markReady } from "@/lib/runtime/lifecycle";
import { closeWorkerHttpListener, startWorkerHttpListener } from "@/lib/observability/worker-http-listener";
import { sampleValue } from "../../helpers/prometheus-text";

// The worker's optional listener (WORKER_HTTP_PORT), in this process: the same three answers as
// the web process, the same token rule, with the peer address taken from the socket. The real
// `npm run worker` with it: worker-process-http.test.ts.

const outside =
  Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry && entry.family === "IPv4" && !entry.internal)?.address ?? null;

afterAll(async () => {
  await closeWorkerHttpListener();
  delete process.env.WORKER_HTTP_PORT;
  delete process.env.METRICS_TOKEN;
});

describe("the worker's HTTP listener", () => {
  it("does not listen without WORKER_HTTP_PORT, nor on a value that is not a port", async () => {
    delete process.env.WORKER_HTTP_PORT;
    expect(await startWorkerHttpListener()).toBeNull();
    process.env.WORKER_HTTP_PORT = "eighty";
    expect(await startWorkerHttpListener()).toBeNull();
    process.env.WORKER_HTTP_PORT = "70000";
    expect(await startWorkerHttpListener()).toBeNull();
  });

  it("serves live, ready and metrics on its port, and the JSON 404/405 for anything else", async () => {
    await getDbHandle();
    delete process.env.METRICS_TOKEN;
    process.env.WORKER_HTTP_PORT = "0";
    const port = await startWorkerHttpListener();
    expect(port).toBeGreaterThan(0);
    const base = `http://127.0.0.1:${port}`;

    const live = await fetch(`${base}/api/health/live`);
    expect(live.status).toBe(200);
    expect(live.headers.get("cache-control")).toBe("no-store");
    expect(await live.json()).toEqual({ status: "ok" });

    const starting = await fetch(`${base}/api/health/ready`);
    expect(starting.status).toBe(503);
    expect(await starting.json()).toMatchObject({ checks: { lifecycle: "starting", database: "ok" } });
    markReady();
    const ready = await fetch(`${base}/api/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: "ok",
      checks: { lifecycle: "ready", database: "ok", migrations: "ok" },
    });
    const head = await fetch(`${base}/api/health/ready`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");

    const scraped = await fetch(`${base}/api/metrics`);
    expect(scraped.status).toBe(200);
    expect(scraped.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    const text = await scraped.text();
    expect(text).toMatch(/^nodejs_version_info\{version="v24\./m);
    expect(text).toContain("# TYPE leadprop_webhook_deliveries_total counter");
    expect(sampleValue(text, "leadprop_database_up")).toBe(1);

    const missing = await fetch(`${base}/api/v1/leads`);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe("not_found");
    const post = await fetch(`${base}/api/metrics`, { method: "POST", body: "x" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
    expect(((await post.json()) as { error: { code: string } }).error.code).toBe("method_not_allowed");

    // Started once: a second call answers the same port.
    expect(await startWorkerHttpListener()).toBe(port);
  });

  it.skipIf(!outside)("metrics without METRICS_TOKEN: loopback peers only (the socket's address)", async () => {
    delete process.env.METRICS_TOKEN;
    const port = await startWorkerHttpListener();
    const remote = await fetch(`http://${outside}:${port}/api/metrics`, { headers: { host: "localhost" } });
    expect(remote.status).toBe(403);
    expect(((await remote.json()) as { error: { code: string } }).error.code).toBe("forbidden");
    // Health is for any load balancer or orchestrator: no rule.
    expect((await fetch(`http://${outside}:${port}/api/health/live`)).status).toBe(200);
  });

  it("metrics with METRICS_TOKEN: 401 envelope without the bearer token, 200 with it", async () => {
    process.env.METRICS_TOKEN = "worker-metrics-token";
    const port = await startWorkerHttpListener();
    const none = await fetch(`http://127.0.0.1:${port}/api/metrics`);
    expect(none.status).toBe(401);
    const body = (await none.json()) as { error: { code: string; requestId: string } };
    expect(body.error.code).toBe("unauthorized");
    expect(none.headers.get("x-request-id")).toBe(body.error.requestId);
    const right = await fetch(`http://${outside ?? "127.0.0.1"}:${port}/api/metrics`, {
      headers: { authorization: "Bearer worker-metrics-token" },
    });
    expect(right.status).toBe(200);
  });

  it("closes, and the port stops answering", async () => {
    const port = await startWorkerHttpListener();
    await closeWorkerHttpListener();
    await expect(fetch(`http://127.0.0.1:${port}/api/health/live`)).rejects.toThrow();
  });
});
