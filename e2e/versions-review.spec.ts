import AxeBuilder from '@axe-core/playwright';
import { writeFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { appState, clickEdgeLabel, openApp, select, tallerDock } from './helpers';
import { mockRequests, scriptMock, useMockLlm, type MockTurn } from './sim-helpers';

// Issue 15: a version opened read-only, two versions compared with each other (list and canvas),
// and the Tests panel's "Compare with…" a version and a model.
test.describe.configure({ timeout: 180_000 });

const greetInstructions = (page: Page) => appState(page, (s) => s.doc.stages.find((x: { id: string }) => x.id === 's_greet').instructions);

async function saveVersion(page: Page, note: string) {
  const panel = page.getByTestId('versions-panel');
  await panel.getByTestId('version-save-open').click();
  await panel.getByTestId('version-note').fill(note);
  await panel.getByTestId('version-save').click();
  await expect(panel.getByRole('status')).toHaveText('Version saved.');
  await expect(panel.getByTestId('version-row').filter({ hasText: note })).toHaveCount(1);
}

async function appendToGreet(page: Page, text: string) {
  await select(page, 'stage', 's_greet');
  const instructions = page.getByTestId('field-stage-instructions').locator('textarea');
  await instructions.click();
  await instructions.press('End');
  await instructions.pressSequentially(text);
  await instructions.blur();
}

async function deleteEdge(page: Page, id: string) {
  // Brought into view first (the canvas pans to a selection), then clicked as a user does.
  await select(page, 'edge', id);
  const canvas = (await page.getByTestId('canvas').boundingBox())!;
  await expect.poll(async () => {
    const label = await page.getByTestId(`edge-label-${id}`).boundingBox();
    return !!label && label.x > canvas.x && label.x + label.width < canvas.x + canvas.width && label.y > canvas.y && label.y + label.height < canvas.y + canvas.height;
  }).toBe(true);
  await clickEdgeLabel(page, id);
  await page.keyboard.press('Delete');
  await expect(page.getByTestId(`edge-label-${id}`)).toHaveCount(0);
}

/** The Tests tab's "Compare with…", opened as a user does. */
async function openTestsCompare(page: Page) {
  await page.getByTestId('dock-tab-tests').click();
  const tests = page.getByTestId('tests-panel');
  await tests.getByRole('button', { name: 'Compare with…' }).click();
  return tests.getByTestId('tests-compare');
}

test('open a version read-only: the workspace shows it, takes no edit, and Back gives the open agent', async ({ page }) => {
  await openApp(page);
  const original = await greetInstructions(page);
  await page.getByTestId('dock-tab-versions').click();
  await saveVersion(page, 'before the review');
  await appendToGreet(page, ' Smile.');
  await deleteEdge(page, 'e_verify_goodbye');

  const panel = page.getByTestId('versions-panel');
  await panel.getByTestId('version-row').filter({ hasText: 'before the review' }).getByRole('button').click();
  await panel.getByTestId('version-view').click();

  const banner = page.getByTestId('viewing-banner');
  await expect(banner).toContainText('Viewing the version of');
  await expect(banner).toContainText('(before the review), read-only.');
  // The canvas has the edge the open agent lost; the inspector shows the version's instructions.
  await expect(page.getByTestId('edge-label-e_verify_goodbye')).toBeVisible();
  await select(page, 'stage', 's_greet');
  const instructions = page.getByTestId('field-stage-instructions').locator('textarea');
  await expect(instructions).toHaveValue(original);
  await page.screenshot({ path: test.info().outputPath('version-read-only.png') });
  const axe = await new AxeBuilder({ page }).include('[data-testid="viewing-banner"]').include('[data-testid="versions-panel"]').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  // Typing into it changes nothing and says why.
  await instructions.click();
  await instructions.press('End');
  await instructions.pressSequentially(' Typed on a version.');
  await expect(page.getByTestId('field-stage-instructions')).toContainText('This is a version, open read-only.');
  await instructions.blur();
  expect(await greetInstructions(page)).toBe(original);
  await expect(banner.getByTestId('viewing-refused')).toBeVisible();

  await banner.getByTestId('viewing-close').click();
  await expect(page.getByTestId('viewing-banner')).toHaveCount(0);
  await expect(page.getByTestId('edge-label-e_verify_goodbye')).toHaveCount(0);
  expect(await greetInstructions(page)).toBe(`${original} Smile.`);
  // Nothing of the view reached the saved project.
  await page.reload();
  await expect(page.getByTestId('canvas')).toBeVisible();
  await expect.poll(() => greetInstructions(page)).toBe(`${original} Smile.`);
  await expect(page.getByTestId('edge-label-e_verify_goodbye')).toHaveCount(0);
});

test('two versions compared with each other: the list says what changed between them, the canvas overlays them', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('dock-tab-versions').click();
  await saveVersion(page, 'first');
  await appendToGreet(page, ' Be brief.');
  await saveVersion(page, 'second');
  await deleteEdge(page, 'e_verify_goodbye');

  const panel = page.getByTestId('versions-panel');
  await panel.getByTestId('version-row').filter({ hasText: 'first' }).getByRole('button').click();
  const detail = panel.getByTestId('version-detail');
  // Against the open agent: both edits.
  await expect(detail.getByTestId('diff-row')).toHaveCount(2);
  await detail.getByTestId('version-compare-with').selectOption({ label: (await detail.getByTestId('version-compare-with').locator('option', { hasText: 'second' }).textContent())! });
  // Between the two versions: only the instructions, not the edge deleted after both.
  await expect(detail.getByTestId('diff-row')).toHaveCount(1);
  await expect(detail.getByTestId('diff-row')).toContainText('stage greet: instructions');
  await expect(detail.locator('ins')).toContainText('Be brief.');
  await expect(detail.getByTestId('version-diff-summary')).toContainText('this version → that version:');

  await detail.getByTestId('version-compare').click();
  // The later version is shown read-only with the earlier one overlaid.
  await expect(page.getByTestId('viewing-banner')).toContainText('(second), read-only.');
  await expect(page.getByTestId('compare-banner')).toContainText('Comparing with the version of');
  await expect(page.getByTestId('compare-banner')).toContainText('(first) — 1 difference');
  await expect(page.locator('.react-flow__node[data-id="s_greet"]')).toHaveClass(/cb-diff-changed/);
  // The edge both versions have is a plain edge of the view (the list beside the canvas may cover its label).
  await expect(page.getByTestId('edge-label-e_verify_goodbye')).toHaveCount(1);
  await expect(page.locator('.react-flow__edge.cb-diff-ghost')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('two-versions.png') });

  await page.getByTestId('viewing-banner').getByTestId('viewing-close').click();
  await expect(page.getByTestId('compare-banner')).toHaveCount(0);
  await expect(page.getByTestId('edge-label-e_verify_goodbye')).toHaveCount(0);
});

test('a version compared with a file: the file read as an import would, the rename one difference, on the canvas too', async ({ page }, info) => {
  await openApp(page);
  await page.getByTestId('dock-tab-versions').click();
  await saveVersion(page, 'as shipped');
  const doc = JSON.parse(await appState(page, (s) => JSON.stringify(s.doc)));
  doc.tools.find((t: { name: string }) => t.name === 'book').name = 'reserve';
  const file = info.outputPath('clinic-reserve.callboard.json');
  writeFileSync(file, JSON.stringify(doc, null, 2));

  const panel = page.getByTestId('versions-panel');
  await panel.getByTestId('version-row').filter({ hasText: 'as shipped' }).getByRole('button').click();
  const detail = panel.getByTestId('version-detail');
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), detail.getByTestId('version-compare-with').selectOption('file')]);
  await chooser.setFiles(file);
  await expect(detail.getByTestId('version-compare-file-name')).toHaveText('clinic-reserve.callboard.json');
  await expect(detail.getByTestId('diff-row')).toHaveCount(1);
  await expect(detail.getByTestId('diff-row')).toContainText('tool book → reserve: renamed');
  await expect(detail.getByTestId('version-diff-summary')).toContainText('this version → the file:');

  await detail.getByTestId('version-compare').click();
  await expect(page.getByTestId('viewing-banner')).toContainText('Viewing the file clinic-reserve.callboard.json, read-only.');
  await expect(page.getByTestId('compare-banner')).toContainText('(as shipped) — 1 difference');
  await page.getByTestId('viewing-banner').getByTestId('viewing-close').click();
  expect(await appState(page, (s) => s.doc.tools.some((t: { name: string }) => t.name === 'reserve'))).toBe(false);
});


test('Tests panel "Compare with…" a version: a rename tried and undone shows its regression', async ({ page }) => {
  await openApp(page);
  await tallerDock(page);
  // Try a rename, keep it as a version, take it back.
  await select(page, 'tool', 't_book');
  const name = page.getByTestId('field-tool-name').locator('input');
  await name.fill('reserve');
  await name.press('Enter');
  await expect(page.getByTestId('inspector-title')).toHaveText('reserve');
  await page.getByTestId('dock-tab-versions').click();
  await saveVersion(page, 'reserve instead of book');
  await page.keyboard.press('Control+z');
  await expect.poll(() => appState(page, (s) => s.doc.tools.find((t: { id: string }) => t.id === 't_book').name)).toBe('book');

  const compare = await openTestsCompare(page);
  await expect(compare.getByTestId('compare-mode')).toHaveValue('version');
  await expect(compare.getByTestId('compare-version').locator('option', { hasText: 'reserve instead of book' })).toHaveCount(1);
  await compare.getByTestId('compare-version').selectOption({ label: (await compare.getByTestId('compare-version').locator('option', { hasText: 'reserve instead of book' }).textContent())! });
  await compare.getByRole('button', { name: 'Run on both' }).click();

  const table = compare.getByTestId('compare-table');
  await expect(table).toBeVisible({ timeout: 150_000 });
  await expect(table.getByRole('columnheader').nth(2)).toContainText('B: the version of');
  await expect(table.getByRole('columnheader').nth(2)).toContainText('(reserve instead of book)');
  const regression = table.getByTestId('compare-row').filter({ hasText: 'books-thursday-cleaning' });
  await expect(regression).toHaveAttribute('data-verdict', 'REGRESSION');
  await expect(regression.getByRole('cell')).toHaveText(['1/1 (100%)', '0/1 (0%)', 'regression']);
  await expect(compare.getByTestId('compare-summary')).toHaveText('3 tests, 1 run each: 1 regression (books-thursday-cleaning)');
  await page.screenshot({ path: test.info().outputPath('tests-compare-version.png') });
});

test('Tests panel "Compare with…" a model: the same tests on another model of the provider, its regression flagged', async ({ page, request }) => {
  // mock-model answers every call with a line; mock-eager calls the intent tool whenever it may.
  const eager: MockTurn[] = [
    { match: { model: 'mock-eager', toolChoice: 'auto' }, times: 0, reply: { toolCalls: [{ name: 'is_schedule_appointment', arguments: { schedule_appointment: true, intent_utterance: 'a visit' } }] } },
    { match: { model: 'mock-eager' }, times: 0, reply: { text: 'May I have your full name?' } },
    { match: { model: 'mock-model' }, times: 0, reply: { text: 'Hello! How can I help?' } },
  ];
  await openApp(page);
  await scriptMock(request, eager);
  await page.getByTestId('dock-tab-simulator').click();
  await useMockLlm(page);
  await tallerDock(page);
  const compare = await openTestsCompare(page);
  await compare.getByTestId('compare-mode').selectOption('model');
  await compare.getByTestId('compare-model').fill('mock-eager');
  await compare.getByRole('button', { name: 'Run on both' }).click();

  const table = compare.getByTestId('compare-table');
  await expect(table).toBeVisible({ timeout: 150_000 });
  await expect(table.getByRole('columnheader').nth(1)).toContainText('mock-model');
  await expect(table.getByRole('columnheader').nth(2)).toHaveText('B: mock-eager');
  const regression = table.getByTestId('compare-row').filter({ hasText: 'small-talk-stays-in-greet' });
  await expect(regression).toHaveAttribute('data-verdict', 'REGRESSION');
  await expect(regression.getByRole('cell')).toHaveText(['1/1 (100%)', '0/1 (0%)', 'regression']);
  await expect(compare.getByTestId('compare-summary')).toContainText('1 regression (small-talk-stays-in-greet)');
  const models = new Set((await mockRequests(request)).map((r) => r.body.model));
  expect([...models].sort()).toEqual(['mock-eager', 'mock-model']);
  await page.screenshot({ path: test.info().outputPath('tests-compare-model.png') });
});
