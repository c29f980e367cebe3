import { defineConfig } from "@playwright/test";

// E2E runs against a production build (`next build` first, served by `npm start`) on the embedded
// default: its own PGlite folder, seeded with the demo data on first start, as a new user gets it.
const PORT = Number(process.env.E2E_PORT ?? 3200);
const baseURL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: "e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL,
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
  webServer: {
    // The production entry point (scripts/start-server.mts), as deployed.
    command: `npm start -- -p ${PORT} -H 127.0.0.1`,
    url: `${baseURL}/`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "pipe",
    env: {
      NEXT_TELEMETRY_DISABLED: "1",
      DATABASE_URL: "",
      PGLITE_DIR: process.env.E2E_PGLITE_DIR ?? ".data/e2e/pglite",
      NEXTAUTH_URL: baseURL,
      // webhooks.spec.ts: its receiver listens on loopback; retries and job polling fast enough
      // to watch a failed delivery be retried within the test.
      WEBHOOKS_ALLOW_PRIVATE_URLS: "1",
      WEBHOOK_RETRY_SCHEDULE: "1,1,1",
      JOBS_POLLING_INTERVAL_SECONDS: "0.5",
    },
  },
});
