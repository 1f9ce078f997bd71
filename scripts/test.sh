#!/usr/bin/env bash
# The one command that runs every test: types, lint, unit tests (vitest), browser tests (Playwright).
set -euo pipefail
cd "$(dirname "$0")/.."
[ -d node_modules ] || npm ci
bash scripts/ensure-chromium.sh
reports=$(mktemp -d)
npx tsc -b
npx eslint .
# The floors of the house: no import circle, no import up a floor (.dependency-cruiser.cjs).
npx depcruise src --config .dependency-cruiser.cjs --output-type err
npx vitest run --reporter=default --reporter=json --outputFile.json="$reports/vitest.json"
PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/playwright.json" npx playwright test --reporter=list,json
# First load under 300 kB gzip (.size-limit.mjs), on the dist/ Playwright's webServer just built.
npx size-limit
# One plain closing line for both runners, so a reader (or CI) sees the total at a glance.
node scripts/test-summary.mjs "$reports/vitest.json" "$reports/playwright.json"
