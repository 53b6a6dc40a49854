#!/usr/bin/env bash
# The browser suite drives Debian's Chromium (e2e/playwright.config.ts, CHROMIUM_PATH). On a fresh
# machine, install it as .ci/run does when we are root with apt; otherwise stop at once with one line
# saying what to run, instead of failing half an hour later inside Playwright.
set -uo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$chromium_path" ] && exit 0

if [ -z "${CHROMIUM_PATH:-}" ] && [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "== installing Debian's chromium for the browser tests (apt-get install chromium)"
  export DEBIAN_FRONTEND=noninteractive
  if apt-get update -qq && apt-get install -y -qq chromium >/dev/null && [ -x "$chromium_path" ]; then
    exit 0
  fi
fi

echo "No Chromium at $chromium_path: run 'sudo apt-get install -y chromium' (or set CHROMIUM_PATH to a Chromium binary), then npm test again." >&2
exit 1
