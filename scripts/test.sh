#!/usr/bin/env bash
# The one command that runs every test: types, lint, unit tests (vitest), browser tests (Playwright).
set -euo pipefail
cd "$(dirname "$0")/.."
[ -d node_modules ] || npm ci
bash scripts/ensure-chromium.sh
npx tsc -b
npx eslint .
npx vitest run
npx playwright test
