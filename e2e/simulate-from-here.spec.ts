import { expect, test, type Page } from '@playwright/test';
import { appState, openApp } from './helpers';
import { openSimulator, say } from './sim-helpers';

// Issue 13: "Simulate from here" — a run that opens on a chosen stage with chosen state values, from
// the state panel and from a card's menu; and a conversation test that starts there (start: {stage, state}).
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-h13e';

/**
 * The sample opens with the agent: one line is two steps (open, say). The session exists before
 * either (it carries the "Started at" note), so the usual wait for a session would not wait.
 */
async function bothSteps(page: Page) {
  await page.waitForFunction(() => {
    const s = (window as any).__callboard.store.getState();
    return s.steps.length === 2 && !s.running;
  });
}

test.describe('Simulate from here', () => {
  test('from the state panel: pick a stage, set a value (checked against its type), start; the chat says where and with what; the first line runs there', async ({ page }) => {
    await openApp(page);
    await openSimulator(page);
    const panel = page.getByTestId('state-panel');
    await panel.getByLabel('Start at stage').selectOption({ label: 'choose' });
    await expect(page.getByTestId('state-stage')).toHaveText('choose (start)');
    const searches = panel.getByLabel('initial value of searches');
    await searches.fill('two');
    await searches.press('Enter');
    await expect(panel.getByTestId('initial-error')).toContainText('searches is an integer');
    await searches.fill('2');
    await searches.press('Enter');
    await expect(panel.getByTestId('initial-error')).toHaveCount(0);
    await panel.getByRole('button', { name: 'Simulate from here' }).click();
    await expect(page.getByTestId('sim-limit')).toHaveText('Started at choose with searches = 2.');
    await page.getByTestId('simulator').screenshot({ path: `${SHOTS}/simulate-from-here-state-panel.png` });

    await say(page, 'Could I come Thursday for a cleaning?', { wait: false });
    await bothSteps(page);
    // The sample opens with the agent: it greets from choose, then the line finds slots there.
    const run = await appState(page, (s) => ({ opened: s.steps[0].before.stageId, kinds: s.steps.map((x: any) => x.input.kind), searches: s.session.state.searches }));
    expect(run).toEqual({ opened: 's_choose', kinds: ['open', 'say'], searches: 3 });
    await expect(page.getByTestId('sim-limit').first()).toHaveText('Started at choose with searches = 2.');
  });

  test('from a card’s menu: right-click a stage, Simulate from here; the simulator opens on it', async ({ page }) => {
    await openApp(page);
    await page.getByTestId('stage-node-verify').click({ button: 'right' });
    await page.getByTestId('canvas-menu-simulate-from-here').click();
    await expect(page.getByTestId('simulator')).toBeVisible();
    await expect(page.getByTestId('sim-limit')).toHaveText('Started at verify with the default state.');
    await expect(page.getByTestId('state-stage')).toHaveText('verify (start)');
    await expect(page.getByTestId('state-start-stage')).toHaveValue('s_verify');
  });

  test('a run started here saves as a test that starts there; the Tests panel shows it and runs it from that stage', async ({ page }) => {
    await openApp(page);
    await openSimulator(page);
    const panel = page.getByTestId('state-panel');
    await panel.getByLabel('Start at stage').selectOption({ label: 'choose' });
    await panel.getByRole('button', { name: 'Simulate from here' }).click();
    await say(page, 'Could I come Thursday for a cleaning?', { wait: false });
    await bothSteps(page);
    await page.getByTestId('sim-save-test').click();
    const dialog = page.getByTestId('save-test-dialog');
    await expect(dialog.getByLabel('Starts at stage')).toHaveValue('choose');
    await dialog.getByLabel('Name').fill('slots-from-choose');
    await page.getByTestId('save-test-save').click();
    expect(await appState(page, (s) => s.doc.tests.find((t: any) => t.name === 'slots-from-choose').start)).toEqual({ stage: 'choose' });

    await page.getByTestId('dock-tab-tests').click();
    const row = page.getByTestId('test-row-slots-from-choose');
    await expect(row).toContainText('starts at choose');
    await row.getByTestId('test-run').click();
    await expect(row.getByTestId('test-rate')).toHaveText('1/1', { timeout: 30_000 });
    await expect(row).toHaveAttribute('data-status', 'passed');

    // A start stage the agent does not have: the run fails and says which stages there are.
    await row.getByTestId('test-edit').click();
    const json = row.getByTestId('test-json');
    await json.fill((await json.inputValue()).replace('"stage": "choose"', '"stage": "checkout"'));
    await row.getByTestId('test-json-save').click();
    await expect(row).toContainText('starts at checkout');
    await row.getByTestId('test-run').click();
    await expect(row).toHaveAttribute('data-status', 'failed', { timeout: 30_000 });
    await expect(row.getByTestId('test-failure')).toContainText('test slots-from-choose starts at stage checkout, which the agent does not have (stages: greet, identify, verify, choose, goodbye)');
  });
});
