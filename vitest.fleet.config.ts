import path from "node:path";
import { defineConfig } from "vitest/config";
import { drizzleOrmAsCommonJs } from "./tests/setup/drizzle-orm-as-commonjs";

// The fleet (tests/fleet/): the production build (`next build` first) started as `npm start`
// starts it, web and worker processes, HAProxy in front, on one PostgreSQL database made by the
// global setup. Not part of `npx vitest run`: scripts/test.sh runs
// `npx vitest run --config vitest.fleet.config.ts` after the build. One file at a time: each
// starts processes of its own on two cores.
export default defineConfig({
  plugins: [drizzleOrmAsCommonJs()],
  resolve: { alias: { "@": path.resolve(__dirname) } },
  test: {
    include: ["tests/fleet/**/*.test.ts"],
    globalSetup: ["tests/setup/global-setup.ts"],
    setupFiles: ["tests/setup/worker-setup.ts"],
    env: { LOG_LEVEL: process.env.LOG_LEVEL ?? "warn", WEBHOOKS_ALLOW_PRIVATE_URLS: "1" },
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: "forks",
    fileParallelism: false,
  },
});
