#!/usr/bin/env bash
# Browser tests need a Chromium. Playwright cannot download its own here, so we use Debian's.
set -euo pipefail
if [ -n "${CHROMIUM_PATH:-}" ] && [ -x "${CHROMIUM_PATH}" ]; then exit 0; fi
if command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium is missing: installing Debian's chromium package..."
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
cat >&2 <<'MSG'
Chromium is missing and cannot be installed from here. Run one of:
  sudo apt-get update && sudo apt-get install -y chromium      (Debian/Ubuntu)
  npx playwright install chromium                              (where Playwright can download)
or point CHROMIUM_PATH at an existing Chromium/Chrome binary.
MSG
exit 1
