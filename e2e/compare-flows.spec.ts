import { writeFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { appState, openApp, tallerDock } from './helpers';

// Issue 15: compare before importing, compare the tests' pass rates, named versions through a .zip.

const SHOTS = process.env.COMPARE_SHOTS ?? '/tmp/shots-h15flows';
// The A/B run is six whole calls on the offline model, each loading the sandbox.
test.describe.configure({ timeout: 180_000 });

/** Serious or critical axe findings inside `within` (the new parts of the screen). */
async function seriousViolations(page: Page, within: string) {
  const results = await new AxeBuilder({ page }).include(within).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const docOf = (page: Page) => appState(page, (s) => JSON.stringify(s.doc));


/** The open agent (the sample) with its `book` tool renamed `reserve`, written where the test keeps its files. */
async function renamedCopy(page: Page, path: string): Promise<string> {
  const doc = JSON.parse(await docOf(page));
  doc.tools.find((t: { name: string }) => t.name === 'book').name = 'reserve';
  doc.name = 'Clinic Booking (reserve)';
  writeFileSync(path, JSON.stringify(doc, null, 2));
  return path;
}

test('import a changed copy, compare it with the open agent, cancel: the open agent is unchanged', async ({ page }, info) => {
  await openApp(page);
  const before = await docOf(page);
  const file = await renamedCopy(page, info.outputPath('clinic-reserve.callboard.json'));

  await page.getByTestId('open-import').click();
  const dialog = page.getByTestId('import-dialog');
  await dialog.getByTestId('import-file-input').setInputFiles(file);
  await expect(dialog.getByTestId('import-agent-name')).toHaveText('Clinic Booking (reserve)');
  await dialog.getByRole('button', { name: 'Compare with the open agent' }).click();

  const compare = dialog.getByTestId('import-compare');
  await expect(compare.getByTestId('import-compare-summary')).toContainText('“Clinic Booking” → imported: agent (name), tool reserve renamed · 2 differences');
  await expect(compare.getByTestId('diff-row')).toHaveCount(2);
  await expect(compare.getByTestId('diff-row').filter({ hasText: 'tool book → reserve: renamed' })).toBeVisible();
  await expect(compare.getByTestId('diff-row').filter({ hasText: 'Clinic Booking (reserve)' })).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/import-compare.png` });
  expect(await seriousViolations(page, '[data-testid="import-dialog"]')).toEqual([]);
  // Reading the differences replaced nothing.
  expect(await docOf(page)).toBe(before);

  await dialog.getByTestId('import-cancel').click();
  await expect(dialog).toHaveCount(0);
  expect(await docOf(page)).toBe(before);
  expect(await appState(page, (s) => s.projects.length)).toBe(1);
});

test('Tests panel "Compare with…" a file where a test regresses: the table shows the regression', async ({ page }, info) => {
  await openApp(page);
  const file = await renamedCopy(page, info.outputPath('clinic-reserve.callboard.json'));
  await tallerDock(page);
  await page.getByTestId('dock-tab-tests').click();
  const panel = page.getByTestId('tests-panel');
  await panel.getByRole('button', { name: 'Compare with…' }).click();

  const compare = panel.getByTestId('tests-compare');
  await compare.getByTestId('compare-mode').selectOption('file');
  await compare.getByTestId('compare-file-input').setInputFiles(file);
  await expect(compare.getByTestId('compare-file')).toHaveText('clinic-reserve.callboard.json: Clinic Booking (reserve)');
  await compare.getByRole('button', { name: 'Run on both' }).click();

  const table = compare.getByTestId('compare-table');
  await expect(table).toBeVisible({ timeout: 150_000 });
  await expect(table.getByRole('columnheader')).toHaveText(['Test', 'A: Open agent', 'B: clinic-reserve.callboard.json', 'Change']);
  const regression = table.getByTestId('compare-row').filter({ hasText: 'books-thursday-cleaning' });
  await expect(regression).toHaveAttribute('data-verdict', 'REGRESSION');
  await expect(regression.getByRole('cell')).toHaveText(['1/1 (100%)', '0/1 (0%)', 'regression']);
  await expect(table.getByTestId('compare-row').filter({ hasText: 'small-talk-stays-in-greet' })).toHaveAttribute('data-verdict', 'same');
  await expect(compare.getByTestId('compare-summary')).toHaveText('3 tests, 1 run each: 1 regression (books-thursday-cleaning)');
  await page.screenshot({ path: `${SHOTS}/tests-compare.png` });
  expect(await seriousViolations(page, '[data-testid="tests-compare"]')).toEqual([]);
  // Comparing ran the tests on copies: the panel's own results and the document are untouched.
  expect(await appState(page, (s) => Object.keys(s.testResults).length)).toBe(0);
});

test('a named version goes out in the .zip and comes back into the new project\'s Versions tab', async ({ page }, info) => {
  await openApp(page);
  await page.getByTestId('dock-tab-versions').click();
  const versions = page.getByTestId('versions-panel');
  await versions.getByTestId('version-save-open').click();
  await versions.getByTestId('version-note').fill('before the refill flow');
  await versions.getByTestId('version-save').click();
  await expect(versions.getByRole('status')).toHaveText('Version saved.');

  await page.getByTestId('open-export').click();
  await page.getByTestId('export-format-yaml').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-download-with-tests').click()]);
  const zipPath = info.outputPath('with-versions.zip');
  await download.saveAs(zipPath);

  await page.getByTestId('open-import').click();
  const dialog = page.getByTestId('import-dialog');
  await dialog.getByTestId('import-file-input').setInputFiles(zipPath);
  await expect(dialog.getByTestId('import-count-tests')).toHaveAttribute('data-count', '3');
  await expect(dialog.getByTestId('import-versions')).toHaveText('1 named version came with it: “Open as new project” keeps it in its Versions tab.');
  await dialog.getByTestId('import-open-new').click();
  await expect(dialog).toHaveCount(0);
  expect(await appState(page, (s) => s.projects.length)).toBe(2);

  await page.getByTestId('dock-tab-versions').click();
  await expect(page.getByTestId('version-row').filter({ hasText: 'before the refill flow' })).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/versions-imported.png` });
});
