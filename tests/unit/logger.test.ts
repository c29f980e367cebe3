import { spawnSync } from "node:child_process";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";

// The suites run with LOG_LEVEL=warn (vitest.config.ts); this one needs the info lines.
let logger: typeof import("@/lib/log/logger").logger;
beforeAll(async () => {
  vi.stubEnv("LOG_LEVEL", "info");
  vi.resetModules();
  ({ logger } = await import("@/lib/log/logger"));
  vi.unstubAllEnvs();
});

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe("logger", () => {
  afterEach(() => vi.restoreAllMocks());

  it("writes the info lines of one event-loop turn in one write, each a JSON line", async () => {
    const out = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    logger.info("api request", { requestId: "req_1", status: 200 });
    logger.info("api request", { requestId: "req_2", status: 201 });
    expect(out).not.toHaveBeenCalled();
    await nextTurn();
    expect(out).toHaveBeenCalledTimes(1);
    const lines = String(out.mock.calls[0][0])
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines).toMatchObject([
      { level: "info", msg: "api request", requestId: "req_1", status: 200 },
      { level: "info", msg: "api request", requestId: "req_2", status: 201 },
    ]);
  });

  it("writes a warning at once, after the info lines before it", () => {
    const order: string[] = [];
    vi.spyOn(process.stdout, "write").mockImplementation(
      (chunk) => (order.push(`out ${JSON.parse(String(chunk)).msg}`), true),
    );
    vi.spyOn(process.stderr, "write").mockImplementation(
      (chunk) => (order.push(`err ${JSON.parse(String(chunk)).msg}`), true),
    );
    logger.info("first");
    logger.warn("second");
    expect(order).toEqual(["out first", "err second"]);
  });

  it("a process that exits right after logging still writes the line", () => {
    const script = `const { logger } = require("./lib/log/logger.ts"); logger.info("last words", { n: 1 }); process.exit(0);`;
    const run = spawnSync(process.execPath, ["--import", "tsx", "-e", script], {
      encoding: "utf8",
      env: { ...process.env, LOG_LEVEL: "info" },
    });
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout.trim())).toMatchObject({ level: "info", msg: "last words", n: 1 });
  });
});
