// The bench's own Playwright config: testDir bench/ and files named *.bench.ts, its own ports and
// build directory, so `npm test` (playwright.config.ts: testDir e2e) never runs a benchmark and a
// bench run never collides with a test run. Run through `npm run bench` (scripts/bench.sh).
import { defineConfig } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { BENCH_OUT, BENCH_MOCK_PORT, BENCH_PORT } from './lib/env';

const root = fileURLToPath(new URL('..', import.meta.url));

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.bench.ts',
  fullyParallel: false,
  // One worker: the figures must not compete with each other for the two cores.
  workers: 1,
  retries: 0,
  timeout: 600_000,
  expect: { timeout: 30_000 },
  reporter: [['list']],
  outputDir: process.env.BENCH_PW_OUTPUT ?? `${BENCH_OUT}-pw`,
  use: {
    baseURL: `http://127.0.0.1:${BENCH_PORT}`,
    viewport: { width: 1440, height: 900 },
    launchOptions: {
      executablePath: executablePath || undefined,
      // The same flags as playwright.config.ts (the test suite's browser).
      args: [
        '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      // The app exactly as `vite build` makes it, plus the baseline pages under /bench-pages/.
      command: `npx vite build && npx vite build --config bench/vite.config.ts && npx vite preview --port ${BENCH_PORT} --strictPort --host 127.0.0.1`,
      cwd: root,
      env: { CALLBOARD_OUT: BENCH_OUT, BENCH_PAGES_OUT: `${BENCH_OUT}/bench-pages` },
      url: `http://127.0.0.1:${BENCH_PORT}/bench-pages/bare.html`,
      reuseExistingServer: !!process.env.BENCH_REUSE_SERVERS,
      timeout: 300_000,
    },
    {
      command: `npx tsx scripts/mock-llm.ts --port ${BENCH_MOCK_PORT}`,
      cwd: root,
      url: `http://127.0.0.1:${BENCH_MOCK_PORT}/__mock/health`,
      reuseExistingServer: !!process.env.BENCH_REUSE_SERVERS,
      timeout: 60_000,
    },
  ],
});
