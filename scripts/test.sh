#!/usr/bin/env bash
# The one test command (README): type-check, lint, unit + integration tests on PGlite, the same
# integration tests on PostgreSQL when TEST_DATABASE_URL is set, web component tests, then the
# browser suite against the built product.
set -euo pipefail
cd "$(dirname "$0")/.."

# Before anything slow: the browser suite at the end needs Chromium.
bash scripts/ensure-chromium.sh

echo "== type-check, lint and the API's boundaries"
npm run check

echo "== unit, integration (PGlite) and web component tests"
env -u TEST_DATABASE_URL npx vitest run

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  echo "== integration tests on PostgreSQL"
  npx vitest run --project int
else
  echo "== TEST_DATABASE_URL not set: skipping the PostgreSQL run of the integration tests"
fi

echo "== browser end-to-end tests"
# A free port, so a server left running elsewhere on the machine cannot collide with the suite's.
export E2E_PORT="${E2E_PORT:-$(node -e "const s=require('net').createServer().listen(0,()=>{console.log(s.address().port);s.close()})")}"
npm run test:e2e
