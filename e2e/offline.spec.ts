import { expect, test } from '@playwright/test';
import { openApp, select } from './helpers';

test('no request leaves 127.0.0.1 while the app runs (Monaco, workers, layout, search included)', async ({ page }) => {
  const foreign: string[] = [];
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    seen.push(url.pathname);
    if (!['data:', 'blob:'].includes(url.protocol) && url.hostname !== '127.0.0.1') foreign.push(request.url());
  });
  await openApp(page);
  await page.waitForLoadState('networkidle');
  // First paint stays light: Monaco, elk, the exporters and the LLM clients (openai,
  // @anthropic-ai/sdk) load only when first needed.
  expect(seen.filter((p) => /monaco|editor\.api|elk|typescript|yaml|openai|anthropic/i.test(p))).toEqual([]);
  // Exercise every lazily loaded part: the search palette, Monaco (JSON and TypeScript), elk layout.
  await page.getByTestId('open-search').click();
  await page.getByTestId('search-input').fill('book');
  await page.keyboard.press('Escape');
  await select(page, 'tool', 't_slots');
  await page.getByRole('tab', { name: 'Params' }).click();
  await expect(page.locator('.monaco-editor').first()).toBeVisible();
  await page.getByRole('tab', { name: 'Code' }).click();
  await expect(page.locator('.monaco-editor').first()).toBeVisible();
  await page.getByTestId('auto-layout').click();
  await expect(page.getByTestId('auto-layout')).toHaveText('Layout');
  await page.waitForLoadState('networkidle');
  expect(seen.some((p) => p.includes('worker'))).toBe(true);
  expect(foreign).toEqual([]);
});
