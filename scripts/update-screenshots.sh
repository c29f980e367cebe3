#!/usr/bin/env bash
# `npm run screenshots`: regenerates the README's screenshots. The Playwright run saves one of
# each main page (e2e/support/fixtures.ts `snap`, into test-results/screenshots/); this keeps the
# README's chosen few in e2e/screenshots/, where the README shows them. Needs what `npm test`
# needs (PostgreSQL is not used: the e2e server runs on its own embedded database).
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

# The pages the README shows, in its order.
SHOWN=(dashboard leads lead-detail pipeline-board visits-week messages settings-api-usage dashboard-phone)

bash scripts/ensure-chromium.sh
echo "== building the app"
npx next build
rm -rf .data/e2e test-results/screenshots
echo "== running the end-to-end tests (they take the screenshots)"
npx playwright test
mkdir -p e2e/screenshots
for name in "${SHOWN[@]}"; do
  cp "test-results/screenshots/$name.png" "e2e/screenshots/$name.png"
  echo "updated e2e/screenshots/$name.png"
done
