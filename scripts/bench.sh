#!/usr/bin/env bash
# npm run bench: the benchmarks of issue 5, never part of `npm test`. The Node parts (engine,
# Block Agent parallelism, prompt size, formats) run first, then the browser parts (canvas at
# scale, first load, simulator) under bench/playwright.config.ts, on their own ports (4331, mock
# 4431) and build directory; bench/write-results.ts then writes bench/results.md and .json.
# Arguments go to Playwright (e.g. `npm run bench -- canvas` runs only the canvas part's browser run).
set -euo pipefail
cd "$(dirname "$0")/.."
[ -d node_modules ] || npm ci
bash scripts/ensure-chromium.sh
BENCH_PARTS=$(mktemp -d)
export BENCH_PARTS
npx tsx bench/node/run.ts
status=0
npx playwright test -c bench/playwright.config.ts "$@" || status=$?
# Whatever ran is written, and a part that failed is named as missing in the results.
npx tsx bench/write-results.ts
exit "$status"
