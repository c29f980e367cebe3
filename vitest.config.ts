import path from "node:path";
import { configDefaults, defineConfig } from "vitest/config";

// TEST_DB_ENGINE=pglite runs the database suites on the embedded engine instead of PostgreSQL.
const pglite = process.env.TEST_DB_ENGINE === "pglite";
const include = pglite ? ["tests/integration/**/*.db.test.ts"] : ["tests/**/*.test.ts"];
// The fleet needs a production build: vitest.fleet.config.ts runs it after `next build`.
const exclude = [...configDefaults.exclude, "tests/fleet/**"];

// Files that need a fresh worker: vi.mock (vitest keeps a worker's module mocks from file
// to file unless each file gets a new worker), and OpenTelemetry (its API registers the tracer
// provider once, on globalThis, and refuses a second).
const ISOLATED = [
  "tests/integration/audit/audit-log-list.db.test.ts",
  "tests/integration/exports/list-exports.db.test.ts",
  "tests/integration/imports/failed-rows-download.db.test.ts",
  "tests/integration/imports/upload-route.db.test.ts",
  "tests/integration/security/owasp-api2-signup-enumeration.db.test.ts",
  "tests/integration/security/owasp-api4-resource-consumption.test.ts",
  "tests/integration/web/inbox.db.test.ts",
  "tests/integration/web/lead-page-sms-read.db.test.ts",
  "tests/integration/webhooks/endpoint-url-dns.db.test.ts",
  "tests/integration/observability/tracing.test.ts",
  "tests/unit/tracing.test.ts",
];

export default defineConfig({
  resolve: { alias: { "@": path.resolve(__dirname) } },
  test: {
    globalSetup: ["tests/setup/global-setup.ts"],
    setupFiles: ["tests/setup/worker-setup.ts"],
    // One JSON line per API request is right for a server, noise in a test run.
    // Webhook receivers in tests listen on loopback; the SSRF tests turn this off where they test it.
    env: { LOG_LEVEL: process.env.LOG_LEVEL ?? "warn", WEBHOOKS_ALLOW_PRIVATE_URLS: "1" },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: more workers only contend. Each project's group runs on its own (groupOrder),
    // so two workers at a time in all.
    poolOptions: {
      // Most of a file's time in a new process went to loading modules (Next, drizzle, zod,
      // pg-boss and the app): a worker of the shared project loads the libraries once, and
      // tests/setup/reuse-worker.ts gives each file a fresh app and environment.
      forks: { maxForks: 2, minForks: 1, isolate: false },
      // The isolated project: a new worker thread (a fresh module graph and globalThis) per file.
      // Not the shared one: in a thread, graceful-worker-stop.test.ts's SIGKILL case failed every
      // time (a killed worker's delivery recorded as a failed attempt), and it passes in a fork.
      threads: { maxThreads: 2, minThreads: 1, isolate: true },
    },
    projects: [
      {
        extends: true,
        test: {
          name: "isolated",
          include: pglite ? ISOLATED.filter((file) => file.endsWith(".db.test.ts")) : ISOLATED,
          exclude,
          pool: "threads",
        },
      },
      {
        extends: true,
        test: {
          name: "shared",
          include,
          exclude: [...exclude, ...ISOLATED],
          pool: "forks",
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
