#!/usr/bin/env bash
# The supported Node versions (decision 116) run the unit tests and the integration tests on PGlite,
# with Node fetched from the npm registry's `node` package (npx caches it), so CI needs no other
# installer. The PostgreSQL, web-component and browser runs stay on the machine's Node: what differs
# between Node versions is the runtime under the API, not the database or the browser.
# Usage: bash scripts/test-other-nodes.sh [versions…]   (default: 22 24)
set -euo pipefail
cd "$(dirname "$0")/.."

versions=("$@")
[ ${#versions[@]} -eq 0 ] && versions=(22 24)
for version in "${versions[@]}"; do
  echo "== unit and integration (PGlite) tests on Node ${version}"
  started=$SECONDS
  env -u TEST_DATABASE_URL npx -y -p "node@${version}" -c \
    'node -v && node scripts/check-node.mjs && vitest run --project unit --project int'
  echo "== Node ${version}: $((SECONDS - started)) s"
done
