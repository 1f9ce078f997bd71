import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { appState, openApp } from './helpers';
import { openSimulator, PINECALL_BOOKING, say, scriptMock, startAt, useMockLlm } from './sim-helpers';

// Issue 13, the rough edges of a first agent: names where a person reads, never an internal id;
// the announce line before the tool's result; downloads named after the agent; an import that
// never says all is well while the agent it read has errors.

const SHOTS = process.env.SIM_SHOTS ?? '/tmp';

// A taller page, so the dock (a quarter of the height) shows a whole panel in the screenshots.
test.use({ viewport: { width: 1440, height: 1300 } });
// Whole runs on the offline model, on a shared machine: more than the default minute.
test.describe.configure({ timeout: 180_000 });
const INTENT = "Hi, I'd like to reserve a spot please.";
const IDENTITY = "I'm Dana Whitfield, you can reach me on 555 123 4567.";

test.describe('names, not ids', () => {
  test('the chat, the change log and its Author filter name who moved the call: an edge by its stages', async ({ page }) => {
    await openApp(page);
    await page.getByTestId('target-switch').getByRole('button', { name: 'Block Agent' }).click();
    await openSimulator(page);
    await say(page, INTENT);
    await say(page, IDENTITY);
    await expect(page.getByTestId('stage-node-verify')).toHaveAttribute('data-current', 'true');
    // The engine records the edge by its id: the views must not show it.
    const authors = await appState(page, (s) => s.session.changeLog.filter((c: any) => c.field === 'stage').map((c: any) => c.author));
    expect(authors).toEqual(['e_greet_identify', 'e_identify_verify']);

    const chat = page.getByTestId('sim-chat');
    await expect(chat.getByTestId('sim-stage-change').first()).toHaveText('→ stage identify from greet, by edge greet → identify');
    await expect(chat.getByTestId('sim-stage-change').nth(1)).toHaveText('→ stage verify from identify, by edge identify → verify');
    await expect(chat).not.toContainText('e_greet_identify');
    await page.screenshot({ path: `${SHOTS}/h13b-names-chat.png` });

    await page.getByTestId('dock-tab-changelog').click();
    const filter = page.getByTestId('changelog-filter-author');
    // The change log loads when its tab first opens: wait for it before reading its options.
    await expect(filter).toBeVisible();
    const options = await filter.locator('option').allTextContents();
    expect(options).toEqual(expect.arrayContaining(['all authors', 'is_schedule_appointment', 'collect_identity', 'edge greet → identify', 'edge identify → verify']));
    expect(options.join(' ')).not.toMatch(/e_greet_identify|e_identify_verify/);
    // Choosing a name filters by that author.
    await filter.selectOption({ label: 'edge greet → identify' });
    await expect(page.getByTestId('change-row')).toHaveCount(1);
    await expect(page.getByTestId('change-row').getByTestId('author-chip')).toHaveText('edge greet → identify');
    await expect(page.getByTestId('changelog-panel')).not.toContainText('e_greet_identify');
    await page.screenshot({ path: `${SHOTS}/h13b-names-changelog.png` });

    await page.getByTestId('dock-tab-turns').click();
    // The step the edge fired in (the agent's opening is step 1).
    const fired = await appState(page, (s) => s.session.trace.find((t: any) => t.kind === 'stage-change' && t.via === 'e_greet_identify').step);
    await page.getByTestId('step-select').selectOption(String(fired));
    await expect(page.getByTestId('edge-decision').first()).toContainText('greet → identify');
    await expect(page.getByTestId('turn-inspector')).not.toContainText('e_greet_identify');
  });
});

test.describe('the announce row (Pinecall)', () => {
  test('says the announce before the tool row with its result, as Pinecall plays it', async ({ page, request }) => {
    await openApp(page);
    await openSimulator(page);
    await startAt(page, 's_choose');
    await scriptMock(request, PINECALL_BOOKING);
    await useMockLlm(page);
    await say(page, 'Tuesday, a checkup please');
    const chat = page.getByTestId('sim-chat');
    const announce = chat.getByTestId('sim-runtime-announce');
    await expect(announce).toHaveText(/Let me check the agenda\./);
    const row = chat.getByTestId('sim-tool-free_slots');
    await expect(row).toHaveAttribute('data-status', 'ok');
    // In the page's order: the caller, the announce, the tool row (which holds the result), the answer.
    const order = await chat.locator('[data-testid^="sim-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
    expect(order.filter((id) => id !== 'sim-restart' && id !== 'sim-replay' && !id!.startsWith('sim-tool-detail'))).toEqual([
      'sim-agent-line', 'sim-caller-line', 'sim-runtime-announce', 'sim-tool-free_slots', 'sim-agent-line',
    ]);
    await page.screenshot({ path: `${SHOTS}/h13b-announce.png` });
  });
});

async function openExport(page: Page) {
  await page.getByTestId('open-export').click();
  await expect(page.getByTestId('export-panel')).toBeVisible();
}

async function download(page: Page): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-download').click()]);
  return file.suggestedFilename();
}

test.describe('downloads', () => {
  test('every format downloads under the agent name', async ({ page }) => {
    await openApp(page);
    await page.evaluate(() => (window as any).__callboard.store.getState().apply((d: any) => ({ ...d, name: 'Dental Intake' })));
    await openExport(page);
    await page.getByTestId('export-format-ts').click();
    await expect(page.getByTestId('export-path')).toHaveText('agents/dental-intake/agent.tsx');
    expect(await download(page)).toBe('dental-intake.tsx');
    await page.getByTestId('export-format-yaml').click();
    await expect(page.getByTestId('export-download')).toBeEnabled();
    expect(await download(page)).toBe('dental-intake.yaml');
    await page.getByTestId('export-format-json').click();
    await expect(page.getByTestId('export-download')).toBeEnabled();
    expect(await download(page)).toBe('dental-intake.callboard.json');
  });
});

const SPEC = readFileSync(new URL('../test/fixtures/block-agent/spec-example.yaml', import.meta.url), 'utf8');

test.describe('import errors', () => {
  test('a tool named "bad name!" is an error said first, where it is and what to write; nothing claims all is well', async ({ page }) => {
    await openApp(page);
    await page.getByTestId('open-import').click();
    const dialog = page.getByTestId('import-dialog');
    const bad = SPEC.replaceAll('collect_date_of_birth', 'bad name!');
    await page.getByTestId('import-paste').fill(bad);
    await page.getByTestId('import-run').click();
    await expect(page.getByTestId('import-preview')).toBeVisible();

    const problems = page.getByTestId('import-problems-box');
    await expect(page.getByTestId('import-problems-status')).toContainText('The agent has 1 error to fix');
    const line = bad.split('\n').findIndex((l) => l.includes('name: bad name!')) + 1;
    const item = problems.getByTestId('import-problem');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText(`Line ${line}`);
    await expect(item).toContainText('write bad_name');
    await expect(page.getByTestId('import-excerpt')).toContainText('name: bad name!');
    await expect(dialog).not.toContainText('everything in the text has a place');
    // The errors come before the summary of what was read.
    const [problemsBox, summaryBox] = await Promise.all([problems.boundingBox(), page.getByTestId('import-agent-name').boundingBox()]);
    expect(problemsBox!.y).toBeLessThan(summaryBox!.y);
    await page.screenshot({ path: `${SHOTS}/h13b-import-errors.png` });

    // Written as the message says, the text reads clean, and only then is all well.
    await page.getByTestId('import-paste').fill(bad.replaceAll('bad name!', 'bad_name'));
    await page.getByTestId('import-run').click();
    await expect(page.getByTestId('import-no-warnings')).toHaveText('None: everything in the text has a place in the agent.');
    await expect(page.getByTestId('import-problems-box')).toHaveCount(0);
  });
});
