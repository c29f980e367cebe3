import { defineConfig } from "@playwright/test";
import { E2E_PORT, E2E_WORKERS, e2eServerUrl } from "./e2e/support/servers";

// E2E runs against a production build (`next build` first, served by `npm start`) on the embedded
// default: its own PGlite folder, seeded with the demo data on first start, as a new user gets it.
// One server per worker (e2e/support/servers.ts): each worker's tests go to its own.
const servers = Array.from({ length: E2E_WORKERS }, (_, i) => ({ port: E2E_PORT + i, url: e2eServerUrl(i) }));
const PGLITE_BASE = process.env.E2E_PGLITE_DIR ?? ".data/e2e";

export default defineConfig({
  testDir: "e2e",
  // Most tests take 5–30 s; under a loaded CI the slowest (webhooks, time zones) reach 45 s. A hang
  // still fails at the first expect (15 s), so the test budget can be generous.
  timeout: 90_000,
  // Two workers share two cores with their servers: an answer can take longer than alone.
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL: servers[0].url,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  webServer: servers.map(({ port, url }, i) => ({
    // The production entry point (scripts/start-server.mts), as deployed.
    command: `npm start -- -p ${port} -H 127.0.0.1`,
    url: `${url}/`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "pipe" as const,
    env: {
      NEXT_TELEMETRY_DISABLED: "1",
      DATABASE_URL: "",
      PGLITE_DIR: `${PGLITE_BASE}/server-${i}/pglite`,
      NEXTAUTH_URL: url,
      // webhooks.spec.ts: its receiver listens on loopback; retries and job polling fast enough
      // to watch a failed delivery be retried within the test.
      WEBHOOKS_ALLOW_PRIVATE_URLS: "1",
      WEBHOOK_RETRY_SCHEDULE: "1,1,1",
      JOBS_POLLING_INTERVAL_SECONDS: "0.5",
    },
  })),
});
