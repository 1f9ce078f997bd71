#!/usr/bin/env bash
# The one command that runs every test: types, lint, unit tests (vitest), browser tests (Playwright).
set -euo pipefail
cd "$(dirname "$0")/.."
[ -d node_modules ] || npm ci
bash scripts/ensure-chromium.sh
reports=$(mktemp -d)
timings="$reports/steps.txt"
# Runs one step and notes how long it took (printed at the end by test-summary.mjs).
step() {
  local name=$1 started=$SECONDS
  shift
  "$@"
  printf '%5d s  %s\n' "$((SECONDS - started))" "$name" >> "$timings"
}
step types npx tsc -b
step eslint npx eslint .
# The floors of the house: no import circle, no import up a floor (.dependency-cruiser.cjs).
step floors npx depcruise src --config .dependency-cruiser.cjs --output-type err
step "unit tests (vitest)" npx vitest run --reporter=default --reporter=json --outputFile.json="$reports/vitest.json"
# The runtimes' own code (pinecall, pipecat-ai in a pinned venv) checks what Callboard exports.
step "conformance (real runtimes)" bash conformance/run.sh
export PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/playwright.json"
step "browser tests (Playwright, build included)" npx playwright test --reporter=list,json
# First load under 300 kB gzip (.size-limit.mjs), on the dist/ Playwright's webServer just built.
step size-limit npx size-limit
# The slowest tests, the steps' times, and one plain closing line for both runners.
node scripts/test-summary.mjs "$reports/vitest.json" "$reports/playwright.json" "$timings"
