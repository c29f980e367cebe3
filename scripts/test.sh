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

# The four static checks only read the tree, and each runs mostly on one core: side by side they
# take the time of the longest (tsc) on two cores instead of the sum. Each one's output is kept
# apart and printed whole once all are done, in this order; any failure fails the run.
step "type-check, format (prettier), lint, unused files, exports and dependencies (knip): side by side"
checks_dir=$(mktemp -d)
check() {
  local name=$1
  shift
  # (set -e holds in the subshell too: the if keeps a failing check from ending it unrecorded.)
  (if "$@" >"$checks_dir/$name.log" 2>&1; then echo 0; else echo $?; fi >"$checks_dir/$name.rc") &
}
check type-check npx tsc --noEmit
check prettier npx prettier --check . --log-level warn
check lint npx eslint . --max-warnings 0
check knip npx knip
wait
checks_failed=0
for name in type-check prettier lint knip; do
  rc=$(cat "$checks_dir/$name.rc")
  printf '\n-- %s: %s\n' "$name" "$([ "$rc" = 0 ] && echo ok || echo "FAILED (exit $rc)")"
  cat "$checks_dir/$name.log"
  [ "$rc" = 0 ] || checks_failed=1
done
rm -rf "$checks_dir"
[ "$checks_failed" = 0 ] || exit 1

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
