// First load (issue 5): JavaScript and CSS bytes (gzip) a first visit fetches before any editor
// opens, against a bare @xyflow/react page, and when each heavy library is first fetched.
import { gzipSync } from 'node:zlib';
import { expect, test, type Page, type Response } from '@playwright/test';
import { firstPaintFiles } from './lib/first-paint.mjs';
import { openApp, openSimulator, say, scriptMock, useMockLlm } from './lib/app-driver';
import { BENCH_OUT } from './lib/env';
import { writePart, type Figure } from './lib/results';
import { summarize } from './lib/stats';
import { readFileSync } from 'node:fs';

/** Chunk names come from the module each chunk starts at (Vite/rolldown naming), so they say what is inside. */
const LIBRARIES: Record<string, RegExp> = {
  Monaco: /\/(editor\.api|MonacoEditor|editor\.worker|jsonMode|tsMode)[-.]/,
  TypeScript: /\/(typescript|ts\.worker|ts-body\.worker)[-.]/,
  YAML: /\/yaml[-.]/,
  elk: /\/elk[-.]/,
  'openai client': /\/openai[-.]/,
  'Anthropic client': /\/anthropic[-.]/,
};

interface Fetched {
  path: string;
  phase: string;
  gzip: number;
}

function recorder(page: Page) {
  const fetched: Fetched[] = [];
  let phase = 'first paint';
  const pending: Promise<void>[] = [];
  page.on('response', (response: Response) => {
    const url = new URL(response.url());
    if (!/\.(js|css)$/.test(url.pathname) || url.hostname !== '127.0.0.1') return;
    const at = phase;
    pending.push(response.body().then((body) => void fetched.push({ path: url.pathname, phase: at, gzip: gzipSync(body, { level: 9 }).length }), () => void fetched.push({ path: url.pathname, phase: at, gzip: 0 })));
  });
  return {
    fetched,
    async enter(next: string, action: () => Promise<void>) {
      phase = next;
      await action();
      await page.waitForLoadState('networkidle');
      await Promise.all(pending);
    },
  };
}

const bytesOf = (list: Fetched[]) => list.reduce((sum, f) => sum + f.gzip, 0);

test('first load: bytes before the first editor, and when the heavy libraries load', async ({ browser, baseURL, request }) => {
  // A fresh context each: nothing cached, as on a first visit.
  const bare = await browser.newContext({ baseURL });
  const barePage = await bare.newPage();
  const bareLog = recorder(barePage);
  await bareLog.enter('first paint', async () => void (await barePage.goto('/bench-pages/bare.html')));
  await bare.close();

  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const log = recorder(page);
  await log.enter('first paint', () => openApp(page));
  await log.enter('search palette (Ctrl+K)', async () => {
    await page.getByTestId('open-search').click();
    await page.getByTestId('search-input').fill('book');
    await page.keyboard.press('Escape');
  });
  await log.enter('a tool opened: Params tab (first editor)', async () => {
    await page.evaluate(() => (window as any).__callboard.store.getState().select({ kind: 'tool', id: 't_slots' }, { reveal: true }));
    await page.getByRole('tab', { name: 'Params' }).click();
    await expect(page.locator('.monaco-editor').first()).toBeVisible();
  });
  await log.enter('Code tab (TypeScript editor)', async () => {
    await page.getByRole('tab', { name: 'Code' }).click();
    await expect(page.locator('.monaco-editor').first()).toBeVisible();
  });
  await log.enter('Export: Block Agent YAML', async () => {
    await page.getByTestId('open-export').click();
    await page.getByTestId('export-format-yaml').click();
    await expect(page.locator('[data-testid="export-preview"] .view-lines')).toContainText(/Block\sAgent\sexported/);
    await page.keyboard.press('Escape');
  });
  await log.enter('Auto layout', async () => {
    await page.getByTestId('auto-layout').click();
    await expect(page.getByTestId('auto-layout')).toHaveText('Layout');
  });
  for (const provider of ['openai', 'anthropic'] as const) {
    await log.enter(`a simulator turn on the ${provider} provider`, async () => {
      await scriptMock(request, [{ reply: { text: 'Hello, how can I help?' }, times: 0 }]);
      await useMockLlm(page, provider);
      await openSimulator(page);
      await say(page, 'Hello');
    });
  }
  await context.close();

  const firstPaint = log.fetched.filter((f) => f.phase === 'first paint');
  const staticFiles = firstPaintFiles(BENCH_OUT);
  const staticBytes = staticFiles.reduce((sum, file) => sum + gzipSync(readFileSync(file), { level: 9 }).length, 0);
  const firstFetch: Record<string, string> = {};
  for (const [library, pattern] of Object.entries(LIBRARIES)) {
    const first = log.fetched.find((f) => pattern.test(f.path));
    firstFetch[library] = first ? `${first.phase} (${first.path.split('/').pop()})` : 'not fetched in this walk';
  }
  const kB = (n: number) => n / 1000;
  const baseline = { name: 'bare @xyflow/react page (React + xyflow)', ...summarize([kB(bytesOf(bareLog.fetched))]) };
  const figures: Figure[] = [
    {
      section: 'First load', name: 'JS + CSS fetched before the first editor opens (gzip, measured in the browser)', unit: 'kB',
      ...summarize([kB(bytesOf(firstPaint))]), baseline, target: { on: 'median', below: 250, text: 'under 250 kB (issue 16)' },
    },
    {
      section: 'First load', name: 'JS + CSS of index.html and its static imports (gzip, what size-limit checks)', unit: 'kB',
      ...summarize([kB(staticBytes)]), baseline, target: { on: 'median', below: 250, text: 'under 250 kB (issue 16)' },
    },
  ];
  const heavyAtFirstPaint = firstPaint.filter((f) => Object.values(LIBRARIES).some((p) => p.test(f.path)));
  writePart({
    name: 'first-load',
    figures,
    facts: {
      'first fetched at': firstFetch,
      'first-paint files': firstPaint.map((f) => `${f.path.split('/').pop()} ${(f.gzip / 1000).toFixed(1)} kB`),
      'kB fetched per step (gzip)': Object.fromEntries([...new Set(log.fetched.map((f) => f.phase))].map((p) => [p, Number(kB(bytesOf(log.fetched.filter((f) => f.phase === p)))).toFixed(1)])),
    },
    notes: [
      'Byte counts are deterministic for a given build (one measurement, so median = p95). gzip level 9, as size-limit computes it. Measured on a fresh browser context (nothing cached) until the network is idle after each step.',
      'Which library a chunk holds is read from its file name: Vite names a lazily loaded chunk after the module it starts at (editor.api, typescript, yaml, elk.bundled, openai, anthropic).',
    ],
  });
  expect(heavyAtFirstPaint.map((f) => f.path)).toEqual([]);
});
