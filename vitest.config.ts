import path from "node:path";
import { configDefaults, defineConfig } from "vitest/config";
import { drizzleOrmAsCommonJs } from "./tests/setup/drizzle-orm-as-commonjs";

// TEST_DB_ENGINE=pglite runs the database suites on the embedded engine instead of PostgreSQL.
const pglite = process.env.TEST_DB_ENGINE === "pglite";

export default defineConfig({
  plugins: [drizzleOrmAsCommonJs()],
  resolve: { alias: { "@": path.resolve(__dirname) } },
  test: {
    include: pglite ? ["tests/integration/**/*.db.test.ts"] : ["tests/**/*.test.ts"],
    // The fleet needs a production build: vitest.fleet.config.ts runs it after `next build`.
    exclude: [...configDefaults.exclude, "tests/fleet/**"],
    globalSetup: ["tests/setup/global-setup.ts"],
    setupFiles: ["tests/setup/worker-setup.ts"],
    // One JSON line per API request is right for a server, noise in a test run.
    // Webhook receivers in tests listen on loopback; the SSRF tests turn this off where they test it.
    env: { LOG_LEVEL: process.env.LOG_LEVEL ?? "warn", WEBHOOKS_ALLOW_PRIVATE_URLS: "1" },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Two cores: more workers only contend.
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
  },
});
