import { expect, test, type Locator, type Page } from '@playwright/test';
import { appState, flushSaves, openApp } from './helpers';
import { openSimulator, say, waitForStep } from './sim-helpers';

// Issue 12's acceptance: a Pinecall class shaped like the real ones (e2e/fixtures/front-desk-agenda.tsx:
// no @state, getters in `when` and render(), a helper method, a top-level helper and a helper
// imported from "./agenda") imported through the app's dialog, and a booking run on the built-in
// offline model. The run first says which tool needs agendaFor; the mock answer given in the
// inspector is saved with the agent, survives a reload, and is what a conversation test runs with.

const FIXTURE = new URL('./fixtures/front-desk-agenda.tsx', import.meta.url).pathname;
const SLOTS = [
  { id: 'mon-9', when: 'Monday 09:00', with: 'Dr. Vega' },
  { id: 'mon-1130', when: 'Monday 11:30', with: 'Dr. Ruiz' },
];
const LINES = {
  identity: 'Hi, this is Ana Lopez, my number is 600 111 222.',
  day: 'Monday, please.',
  pick: 'The 11:30 one, please.',
};
const NEEDS = 'freeSlots needs agendaFor (imported from "./agenda"), which cannot run in the simulator; give it a mock answer';

// Three whole calls (the run and two test runs), each loading the sandbox: more than the default minute.
test.describe.configure({ timeout: 180_000 });

const getter = (page: Page, name: string): Locator => page.locator(`[data-testid="state-derived"][data-getter="${name}"]`);
const getterValue = (page: Page, name: string) => getter(page, name).getByTestId('state-derived-value');
const field = (page: Page, name: string) => page.locator(`[data-testid="state-field"][data-field="${name}"]`).getByTestId('state-value');
const stageNow = (page: Page) => page.getByTestId('state-stage');
const mockEditor = (page: Page) => page.getByTestId('helper-mock-agendaFor');

async function importFrontDesk(page: Page) {
  await page.getByTestId('open-import').click();
  await expect(page.getByTestId('import-dialog')).toBeVisible();
  await page.getByTestId('import-file-input').setInputFiles(FIXTURE);
  await expect(page.getByTestId('import-agent-name')).toHaveText('Front Desk', { timeout: 30_000 });
  await page.getByTestId('import-open-new').click();
  await expect(page.getByTestId('import-dialog')).toHaveCount(0);
  await expect(page.getByTestId('project-menu-button')).toHaveText(/Front Desk/);
}

async function runTest(page: Page, name: string): Promise<Locator> {
  const row = page.getByTestId(`test-row-${name}`);
  await row.getByTestId('test-run').click();
  await expect(row.getByTestId('test-rate')).toHaveText(/^[01]\/1$/, { timeout: 90_000 });
  await expect(page.getByTestId('tests-progress')).toBeHidden();
  return row;
}

test('a Pinecall class books on the offline model once its imported helper has a mock answer, saved with the agent and used by its test', async ({ page }) => {
  await openApp(page);
  await importFrontDesk(page);
  const doc = await appState(page, (s) => ({ state: s.doc.state.map((f: any) => f.name), stages: s.doc.stages.map((x: any) => x.name), tools: s.doc.tools.map((t: any) => t.name), mocks: s.doc.mocks }));
  expect(doc).toEqual({ state: ['patient', 'slots', 'booked'], stages: ['identify', 'schedule', 'wrap_up'], tools: ['identify', 'freeSlots', 'book'], mocks: undefined });

  await openSimulator(page);
  await expect(page.getByTestId('sim-provider')).toHaveText('Offline model');
  // Before any step: the getters computed for the state the call starts from, read-only and marked derived.
  await expect(getterValue(page, 'identified')).toHaveText('false');
  await expect(getterValue(page, 'caller')).toHaveText('"the caller"');
  await expect(getter(page, 'identified')).toHaveAttribute('title', 'computed by get identified() from the state');
  await expect(getter(page, 'identified')).toContainText('derived');
  await expect(getter(page, 'identified').locator('input, textarea')).toHaveCount(0);

  // The getter flips with the write of identify, and moves identify out of the offer (`when: !s.identified`).
  await say(page, LINES.identity);
  await expect(stageNow(page)).toHaveText('schedule');
  await expect(getterValue(page, 'identified')).toHaveText('true');
  await expect(getterValue(page, 'caller')).toHaveText('"Ana Lopez"');
  await expect(page.getByTestId('sim-agent-line').last()).toHaveText(/Which weekday suits you\?$/);

  // No mock answer yet: the run names what freeSlots needs instead of failing with a ReferenceError.
  await say(page, LINES.day);
  const failed = page.getByTestId('sim-tool-freeSlots');
  await expect(failed).toHaveAttribute('data-status', 'error');
  await expect(failed).toContainText(NEEDS);
  await expect(failed.locator('.sim-tool-status')).toHaveText('needs a mock');
  await expect(page.getByTestId('sim-agent-line').last()).toContainText('Sorry, that did not work: freeSlots needs agendaFor');
  expect(await appState(page, (s) => s.session.trace.filter((t: any) => t.kind === 'tool-run' && t.tool === 'freeSlots').map((t: any) => [t.failure, t.needs]))).toEqual([
    ['needs-mock', [{ helper: 'agendaFor', kind: 'import', from: './agenda' }]],
  ]);
  await expect(field(page, 'slots')).toHaveText('[]');

  // The row offers the mock answer's editor: the tool's Code tab, the helper revealed and focused.
  await failed.getByTestId('give-mock').filter({ hasText: 'Give agendaFor a mock answer' }).click();
  await expect(page.getByTestId('inspector-title')).toHaveText('freeSlots');
  await expect(page.getByTestId('inspector-tab-code')).toHaveAttribute('aria-selected', 'true');
  const editor = mockEditor(page);
  await expect(editor).toContainText('imported from "./agenda"');
  await expect(editor).toContainText('called through this.agenda');
  await expect(editor.getByTestId('helper-mock-status')).toHaveText('needs a mock');
  await expect(editor.getByTestId('helper-mock-input')).toBeFocused();

  // What is not JSON is refused with what to write; nothing is saved.
  await editor.getByTestId('helper-mock-input').fill('[{id: "mon-9"}]');
  await expect(editor.getByTestId('helper-mock-error')).toContainText('keys need double quotes');
  await expect(editor.getByTestId('helper-mock-status')).toHaveText('needs a mock');
  expect(await appState(page, (s) => s.doc.mocks)).toBeUndefined();
  await editor.getByTestId('helper-mock-input').fill(JSON.stringify(SLOTS));
  await expect(editor.getByTestId('helper-mock-error')).toHaveCount(0);
  await expect(editor.getByTestId('helper-mock-status')).toHaveText('mocked');
  await editor.getByTestId('helper-mock-input').blur();
  expect(await appState(page, (s) => s.doc.mocks)).toEqual({ helpers: { agendaFor: SLOTS } });
  // The failed row is a record of that run: it now offers to edit the answer given since.
  await expect(failed.getByTestId('give-mock')).toHaveText("Edit agendaFor's mock answer");

  // Back to before the failed line, and the same line again: now the booking goes through.
  await page.getByTestId('sim-caller-line').nth(1).hover();
  await page.getByTestId('sim-restart').nth(1).click();
  await expect(page.getByTestId('sim-input')).toHaveValue(LINES.day);
  await page.getByTestId('sim-input').press('Enter');
  await waitForStep(page);
  await expect(page.getByTestId('sim-tool-freeSlots')).toHaveAttribute('data-status', 'ok');
  await expect(page.getByTestId('sim-agent-line').last()).toHaveText(/I can offer Monday 09:00 \(Dr\. Vega\) or Monday 11:30 \(Dr\. Ruiz\)\. Which one suits you\?$/);
  await say(page, LINES.pick);
  await expect(page.getByTestId('sim-tool-book')).toHaveAttribute('data-status', 'ok');
  await expect(stageNow(page)).toHaveText('wrap_up');
  await expect(page.getByTestId('sim-agent-line').last()).toHaveText(/Thank you, Ana Lopez\. Goodbye!$/);
  await expect(field(page, 'booked')).toHaveText('"Monday 11:30"');
  await expect(getterValue(page, 'identified')).toHaveText('true');

  // The change log: every write, authored by the tool that made it.
  await page.getByTestId('dock-tab-changelog').click();
  const rows = page.getByTestId('change-row');
  const authored = () => rows.evaluateAll((trs) => trs.map((tr) => [tr.querySelector('td.cl-field')?.textContent, tr.querySelector('[data-testid="author-chip"]')?.textContent]));
  await expect.poll(authored).toEqual([['patient', 'identify'], ['stage', 'identify'], ['slots', 'freeSlots'], ['booked', 'book'], ['stage', 'book']]);
  await expect(rows.filter({ has: page.locator('td.cl-field', { hasText: /^booked$/ }) }).locator('.cl-value')).toContainText('"Monday 11:30"');

  // Saved as a conversation test, as the run proposes it.
  await openSimulator(page);
  await page.getByTestId('sim-save-test').click();
  const dialog = page.getByTestId('save-test-dialog');
  await expect(dialog.getByTestId('save-test-input')).toHaveValue(`${LINES.identity}\n${LINES.day}\n${LINES.pick}`);
  await expect(dialog.getByTestId('save-test-tools')).toHaveValue('identify\nfreeSlots\nbook');
  await expect(dialog.getByTestId('save-test-stage')).toHaveValue('wrap_up');
  await dialog.getByTestId('save-test-name').fill('books-monday');
  await dialog.getByTestId('save-test-save').click();
  await expect(dialog).toBeHidden();

  // Reload: the project comes back with its mock answer and its test.
  await flushSaves(page);
  await page.reload();
  await openApp(page);
  expect(await appState(page, (s) => [s.doc.name, s.doc.mocks, (s.doc.tests ?? []).map((t: any) => t.name)])).toEqual(['Front Desk', { helpers: { agendaFor: SLOTS } }, ['books-monday']]);
  await page.getByTestId('outline-tool-freeSlots').click();
  await page.getByTestId('inspector-tab-code').click();
  await expect(mockEditor(page).getByTestId('helper-mock-status')).toHaveText('mocked');
  expect(JSON.parse(await mockEditor(page).getByTestId('helper-mock-input').inputValue())).toEqual(SLOTS);

  // The test runs with the saved mock answer, and passes; the panel says it runs with it.
  await page.getByTestId('dock-tab-tests').click();
  await expect(page.getByTestId('tests-mocks')).toHaveText('Every run uses the agent\'s mock answer for agendaFor.');
  const passing = await runTest(page, 'books-monday');
  await expect(passing.getByTestId('test-rate')).toHaveText('1/1');
  await expect(passing).toHaveAttribute('data-status', 'passed');

  // Cleared, the same test fails where the helper is needed: book is never called, the call never ends.
  await mockEditor(page).getByTestId('helper-mock-clear').click();
  await expect(mockEditor(page).getByTestId('helper-mock-status')).toHaveText('needs a mock');
  expect(await appState(page, (s) => s.doc.mocks)).toBeUndefined();
  await expect(page.getByTestId('tests-mocks')).toHaveCount(0);
  const failing = await runTest(page, 'books-monday');
  await expect(failing.getByTestId('test-rate')).toHaveText('0/1');
  const expected = failing.getByTestId('test-expected');
  await expect(expected.filter({ hasText: 'calls book' })).toHaveCount(1);
  await expect(expected.filter({ hasText: 'ends on stage wrap_up' })).toHaveCount(1);
});
