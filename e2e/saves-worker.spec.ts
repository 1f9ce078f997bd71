import { expect, test, type Page } from '@playwright/test';
import { generateAgent } from '../bench/generate-agent';
import { appState, flushSaves, openApp } from './helpers';

// Where a project's save runs (src/store/persistence.ts): a big agent's in the saves worker, sent as
// a patch against the last document it saved; a small one's (the sample of a first visit) on the
// page, without fetching the worker. Either way the record on disk is the document.

const BIG = generateAgent({ blocks: 8, stagesPerBlock: 8, globalTools: 2, tools: 12 });

const fetchedSavesWorker = (page: Page) =>
  page.evaluate(() => performance.getEntriesByType('resource').some((e) => /saves\.worker/.test(e.name)));

test('a first visit saves the sample on the page: the saves worker is not fetched', async ({ page }) => {
  await openApp(page);
  await flushSaves(page);
  expect(await appState(page, (s) => s.projects.length)).toBeGreaterThan(0);
  expect(await fetchedSavesWorker(page)).toBe(false);
});

test('a big agent is saved in the saves worker, edit after edit, and reads back the same after a reload', async ({ page }) => {
  await openApp(page);
  await page.evaluate((doc) => (window as any).__callboard.projects.openDocument(doc), BIG as unknown);
  const stage = BIG.stages[3];
  await page.getByTestId(`outline-stage-${stage.name}`).click();
  const field = page.getByTestId('field-stage-instructions');
  await field.click();
  await field.press('End');
  await field.pressSequentially(' Ask twice.');
  await flushSaves(page);
  await field.pressSequentially(' Then thank them.');
  await flushSaves(page);
  expect(await fetchedSavesWorker(page)).toBe(true);
  const before = await appState(page, (s) => s.doc);
  expect(before.stages.find((s: { id: string }) => s.id === stage.id).instructions).toMatch(/Ask twice\. Then thank them\.$/);
  await page.reload();
  await openApp(page);
  expect(await appState(page, (s) => s.doc)).toEqual(before);
});
