import { expect, test, type Page } from '@playwright/test';
import { appState, openApp } from './helpers';
import { OPENING, PINECALL_BOOKING, mockRequests, openSimulator, say, scriptMock, startAt, useMockLlm } from './sim-helpers';

const SHOTS = process.env.TESTS_SHOTS ?? '/tmp/shots-testsui';
/** A suite is several whole calls (each loading the sandbox and calling the model): more than one expect's wait. */
const SUITE_DONE = { timeout: 60_000 };

// Each test drives whole calls through the simulator and the suite runner.
test.describe.configure({ timeout: 180_000 });

// A first visit opens the bundled sample; runs start at its choose stage, as e2e/simulator.spec.ts does.
test.beforeEach(async ({ page }) => {
  await openApp(page);
  await openSimulator(page);
});

/** One line on the choose stage: the search (announce "Let me check the agenda."), then an offer. */
const SEARCH = { reply: { toolCalls: [{ name: 'free_slots', arguments: { day: 'Tuesday', visit: 'checkup' } }] } };
const OFFER = { reply: { text: 'Tuesday 09:00 with Dr. Vega or 10:30 with Dr. Ruiz?' } };
const SEARCH_TEST = { name: 'searches-tuesday', input: ['A checkup on Tuesday, please'], expect: { tools: ['free_slots'], says: ['check the agenda'] } };

async function addTestToDocument(page: Page, value: object) {
  await page.evaluate((t) => (window as any).__callboard.store.getState().apply((doc: any) => ({ ...doc, tests: [...(doc.tests ?? []), t] })), value);
}

const testNames = (page: Page): Promise<string[]> => appState(page, (s) => (s.doc.tests ?? []).map((t: { name: string }) => t.name));

async function openTests(page: Page) {
  await page.getByTestId('dock-tab-tests').click();
  await expect(page.getByTestId('tests-panel')).toBeVisible();
}

/** What running tests must not touch: the document, its undo history, and the simulator's run. */
const untouched = (page: Page) =>
  appState(page, (s) => ({ doc: JSON.stringify(s.doc), revision: s.revision, canUndo: s.canUndo, canRedo: s.canRedo, session: JSON.stringify(s.session), steps: s.steps.length, running: s.running }));

test('a finished run saved as a test, with an expectation edited in the dialog, shows in the Tests panel', async ({ page, request }) => {
  await startAt(page, 's_choose');
  await scriptMock(request, PINECALL_BOOKING);
  await useMockLlm(page);
  await expect(page.getByTestId('sim-save-test')).toBeDisabled();
  const sampleTests = await testNames(page);
  await say(page, 'A checkup on Tuesday, please');
  await say(page, 'The 10:30 one');
  await expect(page.getByTestId('sim-runtime-confirm')).toBeVisible();

  await page.getByTestId('sim-save-test').click();
  const dialog = page.getByTestId('save-test-dialog');
  await expect(dialog).toBeVisible();
  // Proposed from the run: its caller lines, the tools it called, where it ended, what it wrote.
  await expect(dialog.getByTestId('save-test-name')).toHaveValue('a-checkup-on-tuesday-please');
  await expect(dialog.getByTestId('save-test-input')).toHaveValue('A checkup on Tuesday, please\nThe 10:30 one');
  await expect(dialog.getByTestId('save-test-tools')).toHaveValue('free_slots\nbook');
  await expect(dialog.getByTestId('save-test-stage')).toHaveValue('goodbye');
  expect(JSON.parse(await dialog.getByTestId('save-test-expectState').inputValue())).toMatchObject({ booking_when: 'Tuesday 10:30' });

  // Bad input says where and what to write, and saves nothing.
  await dialog.getByTestId('save-test-call').fill('{"today": ');
  await dialog.getByTestId('save-test-name').fill('books tuesday');
  await dialog.getByTestId('save-test-save').click();
  await expect(dialog.getByTestId('save-test-error').filter({ hasText: 'Call facts: not valid JSON (line 1' })).toBeVisible();
  await expect(dialog.getByTestId('save-test-call')).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByTestId('save-test-call').fill('');
  await dialog.getByTestId('save-test-save').click();
  await expect(dialog.getByTestId('save-test-error')).toContainText('Name (/name): use letters, digits');
  expect(await testNames(page)).toEqual(sampleTests);

  await dialog.getByTestId('save-test-name').fill('books-tuesday');
  // One expectation edited: the caller must hear the goodbye.
  await dialog.getByTestId('save-test-says').fill('Goodbye');
  await page.screenshot({ path: `${SHOTS}/save-test-dialog.png` });
  await dialog.getByTestId('save-test-save').click();
  await expect(dialog).toBeHidden();

  const saved = await appState(page, (s) => s.doc.tests);
  expect(await testNames(page)).toEqual([...sampleTests, 'books-tuesday']);
  expect(saved.at(-1)).toEqual(
    expect.objectContaining({ name: 'books-tuesday', input: ['A checkup on Tuesday, please', 'The 10:30 one'], expect: expect.objectContaining({ tools: ['free_slots', 'book'], says: ['Goodbye'], stage: 'goodbye' }) }),
  );
  await expect(page.getByTestId('dock-tab-tests')).toContainText(String(sampleTests.length + 1));
  await openTests(page);
  const row = page.getByTestId('test-row-books-tuesday');
  await expect(row).toContainText('2 caller lines');
  await expect(row.getByTestId('test-rate')).toHaveText('–');

  // Saving was one undo step.
  await page.evaluate(() => (window as any).__callboard.store.getState().undo());
  await expect(row).toHaveCount(0);
  expect(await testNames(page)).toEqual(sampleTests);
});

test('three runs against a mock that fails once: 2/3, with the failed expectation next to what happened', async ({ page, request }) => {
  await startAt(page, 's_choose');
  await addTestToDocument(page, SEARCH_TEST);
  // The second run's model answers without searching: that run, and only that one, must fail.
  await scriptMock(request, [OPENING, SEARCH, OFFER, OPENING, { reply: { text: 'Sorry, which day was that?' } }, OPENING, SEARCH, OFFER]);
  await useMockLlm(page);
  await openTests(page);
  await expect(page.getByTestId('tests-provider')).toContainText('mock-model');
  await page.getByTestId('tests-runs').fill('3');
  const row = page.getByTestId('test-row-searches-tuesday');
  await row.getByTestId('test-run').click();
  await expect(row.getByTestId('test-rate')).toHaveText('2/3', SUITE_DONE);
  await expect(row).toHaveAttribute('data-status', 'mixed');
  await expect(page.getByTestId('tests-progress')).toBeHidden();
  const failures = row.getByTestId('test-failure');
  await expect(failures).toHaveCount(1);
  await expect(failures).toContainText('Run 2');
  const failed = failures.getByTestId('test-failed-expectation');
  await expect(failed).toHaveCount(2);
  // Each failed expectation next to what happened instead.
  const tool = failed.filter({ hasText: 'free_slots' });
  await expect(tool.getByTestId('test-expected')).toHaveText('calls free_slots');
  await expect(tool.getByTestId('test-actual')).toHaveText('but called: nothing');
  const phrase = failed.filter({ hasText: 'check the agenda' });
  await expect(phrase.getByTestId('test-expected')).toHaveText('says check the agenda');
  await expect(phrase.getByTestId('test-actual')).toContainText('Sorry, which day was that?');
  expect((await mockRequests(request)).length).toBe(8);
  await page.screenshot({ path: `${SHOTS}/tests-panel.png` });
});

test('running tests leaves the document, its undo history and the open run unchanged', async ({ page, request }) => {
  await startAt(page, 's_choose');
  await addTestToDocument(page, SEARCH_TEST);
  await scriptMock(request, [OPENING, SEARCH, OFFER, OPENING, SEARCH, OFFER, OPENING, SEARCH, OFFER]);
  await useMockLlm(page);
  await say(page, 'A checkup on Tuesday, please');
  await expect(page.getByTestId('sim-agent-line').last()).toHaveText(/Tuesday 09:00 with Dr\. Vega/);
  const before = await untouched(page);
  expect(before.steps).toBe(2);

  await openTests(page);
  await page.getByTestId('tests-runs').fill('2');
  await page.getByTestId('test-row-searches-tuesday').getByTestId('test-run').click();
  await expect(page.getByTestId('test-row-searches-tuesday').getByTestId('test-rate')).toHaveText('2/2', SUITE_DONE);
  await expect(page.getByTestId('tests-progress')).toBeHidden();
  expect(await untouched(page)).toEqual(before);

  // The chat still shows the run as it was.
  await openSimulator(page);
  await expect(page.getByTestId('sim-caller-line')).toHaveCount(1);
  await expect(page.getByTestId('sim-agent-line')).toHaveCount(2);
});

test('Stop cancels a running suite; the run in flight is dropped, not counted', async ({ page, request }) => {
  await startAt(page, 's_choose');
  await addTestToDocument(page, SEARCH_TEST);
  await scriptMock(request, [OPENING, SEARCH, { ...OFFER, delayMs: 30_000 }]);
  await useMockLlm(page);
  await openTests(page);
  await page.getByTestId('tests-runs').fill('3');
  await page.getByTestId('test-row-searches-tuesday').getByTestId('test-run').click();
  await expect(page.getByTestId('tests-progress')).toContainText('Running searches-tuesday, run 1 of 3');
  await page.getByTestId('tests-stop').click();
  await expect(page.getByTestId('tests-progress')).toBeHidden();
  const row = page.getByTestId('test-row-searches-tuesday');
  await expect(row).toContainText('stopped');
  await expect(row.getByTestId('test-rate')).toHaveText('–');
  expect(await appState(page, (s) => s.testResults['searches-tuesday'].runs.length)).toBe(0);
});

test('a test\'s JSON is edited in place, checked first; Delete removes the test', async ({ page }) => {
  const sampleTests = await testNames(page);
  await addTestToDocument(page, SEARCH_TEST);
  await openTests(page);
  const row = page.getByTestId('test-row-searches-tuesday');
  await row.getByTestId('test-edit').click();
  const editor = row.getByTestId('test-json');
  await editor.fill(JSON.stringify({ ...SEARCH_TEST, expect: { tools: 'free_slots' } }));
  await row.getByTestId('test-json-save').click();
  await expect(row.getByTestId('test-json-error')).toHaveText('/expect/tools: must be array');
  await page.screenshot({ path: `${SHOTS}/test-json-editor.png` });
  await editor.fill('{ "name": "x", }');
  await row.getByTestId('test-json-save').click();
  await expect(row.getByTestId('test-json-error')).toContainText('not valid JSON (line 1, column');
  expect(await appState(page, (s) => s.doc.tests.at(-1))).toEqual(SEARCH_TEST);

  await editor.fill(JSON.stringify({ ...SEARCH_TEST, name: 'searches', expect: { tools: ['free_slots', 'book'] } }));
  await page.getByTestId('test-row-searches-tuesday').getByTestId('test-json-save').click();
  const renamed = page.getByTestId('test-row-searches');
  await expect(renamed).toContainText('2 expectations');
  expect(await appState(page, (s) => s.doc.tests.at(-1))).toEqual({ ...SEARCH_TEST, name: 'searches', expect: { tools: ['free_slots', 'book'] } });

  await renamed.getByTestId('test-delete').click();
  await expect(renamed).toHaveCount(0);
  expect(await testNames(page)).toEqual(sampleTests);
});

test('the sample\'s own tests all pass on the built-in offline model (no key, no network)', async ({ page }) => {
  const names = await testNames(page);
  expect(names.length).toBeGreaterThan(0);
  await openTests(page);
  await expect(page.getByTestId('tests-provider')).toHaveText('Offline model');
  await page.getByTestId('tests-run-all').click();
  for (const name of names) {
    const row = page.getByTestId(`test-row-${name}`);
    await expect(row.getByTestId('test-rate')).toHaveText('1/1', SUITE_DONE);
    await expect(row).toHaveAttribute('data-status', 'passed');
  }
  await expect(page.getByTestId('test-failure')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/tests-offline.png` });
});
