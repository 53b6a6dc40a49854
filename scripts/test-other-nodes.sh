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
# CI has 5,400 s in all: a version is skipped, loudly, when less than ~25 minutes remain for it.
budget_start="${CI_STARTED_AT:-}"
for version in "${versions[@]}"; do
  if [ -n "$budget_start" ] && [ $(( $(date +%s) - budget_start )) -gt 3900 ]; then
    echo "== Node ${version}: SKIPPED, this CI run has used $(( $(date +%s) - budget_start )) s of its 5400 s"
    continue
  fi
  # Only the binary's folder comes from npx: the tests then run outside npx's environment (its
  # npm_config_* variables would confuse the tests' own npx calls).
  bin_dir="$(npx -y -p "node@${version}" -c 'dirname "$(command -v node)"' | tail -n 1)"
  echo "== unit and integration (PGlite) tests on Node $("${bin_dir}/node" -v)"
  started=$SECONDS
  PATH="${bin_dir}:${PATH}" node scripts/check-node.mjs
  env -u TEST_DATABASE_URL PATH="${bin_dir}:${PATH}" node node_modules/vitest/vitest.mjs run --project unit --project int
  echo "== Node ${version}: $((SECONDS - started)) s"
done
