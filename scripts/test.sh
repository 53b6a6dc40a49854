#!/usr/bin/env bash
# The one test command (README): type-check, lint, unit + integration tests on PGlite, the same
# integration tests on PostgreSQL when TEST_DATABASE_URL is set, web component tests, then the
# browser suite against the built product.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== type-check and lint"
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
npm run test:e2e
