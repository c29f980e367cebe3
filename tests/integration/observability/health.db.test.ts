import { beforeAll, describe, expect, it } from "vitest";
import { getDbHandle } from "@/db/client";
import { GET as live, POST as postLive } from "@/app/api/health/live/route";
import { GET as ready } from "@/app/api/health/ready/route";
import { GET as metrics } from "@/app/api/metrics/route";
import { lifecycleState, markDraining, markReady } from "@/lib/runtime/lifecycle";
import { sampleValue } from "../../helpers/prometheus-text";

// GET /api/health/live and /api/health/ready through their real route handlers, on the real
// database (PostgreSQL, and PGlite as a *.db.test). This file runs in a process of its own, so
// the lifecycle starts where a new server's does: "starting".

// Opened first: a new PGlite folder takes seconds to create, and a ping meanwhile says "timeout".
beforeAll(async () => {
  await getDbHandle();
});

const readyBody = async () => {
  const res = await ready();
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
};

describe("health", () => {
  it("live answers 200 JSON, never cached, whatever the lifecycle; other methods get the JSON 405", async () => {
    const res = live();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({ status: "ok" });
    const post = postLive();
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect(((await post.json()) as { error: { code: string } }).error.code).toBe("method_not_allowed");
  });

  it("ready: 503 while starting, 200 once ready, 503 from draining on; live stays 200", async () => {
    expect(lifecycleState()).toBe("starting");
    const starting = await readyBody();
    expect(starting.status).toBe(503);
    expect(starting.headers.get("cache-control")).toBe("no-store");
    // The database is up and migrated (the test setup migrated it): only the lifecycle is not.
    expect(starting.body).toEqual({
      status: "unavailable",
      checks: { lifecycle: "starting", database: "ok", migrations: "ok" },
    });

    markReady();
    const up = await readyBody();
    expect(up.status).toBe(200);
    expect(up.body).toEqual({ status: "ok", checks: { lifecycle: "ready", database: "ok", migrations: "ok" } });

    markDraining();
    const draining = await readyBody();
    expect(draining.status).toBe(503);
    expect(draining.body).toEqual({
      status: "unavailable",
      checks: { lifecycle: "draining", database: "ok", migrations: "ok" },
    });
    // A draining process is alive: a liveness failure would have it killed mid-drain.
    expect(live().status).toBe(200);
    // Once draining, it never turns ready again.
    markReady();
    expect((await readyBody()).status).toBe(503);
  });

  it("answers a burst of probes with one database ping at a time, quickly", async () => {
    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: 50 }, () => ready()));
    expect(answers.every((res) => res.status === 503)).toBe(true); // draining, from the test above
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("health requests are not API requests: not counted, limited or logged as such", async () => {
    process.env.METRICS_TOKEN = "";
    for (let i = 0; i < 3; i++) {
      live();
      await ready();
    }
    const scrape = new Request("http://localhost/api/metrics", { headers: { host: "localhost:3000" } });
    const text = await (await metrics(scrape)).text();
    expect(text).toContain("# TYPE leadprop_api_requests_total counter");
    expect(sampleValue(text, "leadprop_api_requests_total", { route: "/api/health/live" })).toBeUndefined();
    expect(text).not.toMatch(/leadprop_api_requests_total\{[^}]*health/);
  });
});
