#!/usr/bin/env bash
# The one test command (`npm test`): type-check, lint, unit + integration tests on the real
# PostgreSQL and Redis, the database suites again on PGlite, then on the production build the
# fleet behind HAProxy and Playwright in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

# Each step prints the seconds since the run began, so a slow step shows in any CI log.
started=$SECONDS
step() { printf '\n\033[1m== %s\033[0m (at %ss)\n' "$*" "$((SECONDS - started))"; }

step "services"
bash scripts/ensure-services.sh

step "type-check"
npx tsc --noEmit

step "format (prettier)"
npx prettier --check . --log-level warn

step "lint"
npx eslint . --max-warnings 0

step "unused files, exports and dependencies (knip)"
npx knip

step "unit and integration tests (PostgreSQL)"
npx vitest run

step "database tests (PGlite)"
TEST_DB_ENGINE=pglite npx vitest run

step "production build"
npx next build

step "fleet (HAProxy in front of web and worker processes, restarted under load)"
bash scripts/ensure-haproxy.sh
npx vitest run --config vitest.fleet.config.ts

step "end-to-end (Playwright, Chromium)"
bash scripts/ensure-chromium.sh
rm -rf .data/e2e
npx playwright test
step "done"
