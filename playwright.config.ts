import { defineConfig } from '@playwright/test';

// Debian's Chromium by default (Playwright cannot download browsers here); CHROMIUM_PATH overrides,
// and an empty CHROMIUM_PATH= falls back to Playwright's own installed browsers.
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PORT = Number(process.env.E2E_PORT ?? 4317);
const MOCK_PORT = Number(process.env.E2E_MOCK_PORT ?? 4418);

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 1440, height: 900 },
    launchOptions: {
      executablePath: executablePath || undefined,
      args: [
        '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync',
      ],
    },
    trace: 'retain-on-failure',
  },
  webServer: [
    {
      command: `npx vite build && npx vite preview --port ${PORT} --strictPort --host 127.0.0.1`,
      url: `http://127.0.0.1:${PORT}`,
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
    },
    {
      // The scriptable OpenAI/Anthropic stand-in; specs script it over /__mock/* (test/mock-llm).
      command: `npx tsx scripts/mock-llm.ts --port ${MOCK_PORT}`,
      url: `http://127.0.0.1:${MOCK_PORT}/__mock/health`,
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
    },
  ],
});
