import { expect, test, type Page } from '@playwright/test';
import { appState, openApp, select } from './helpers';
import { OPENING, openSimulator, say, scriptMock, useMockLlm, type MockTurn } from './sim-helpers';

const SHOTS = process.env.REPLAY_SHOTS ?? '/tmp/shots-replay';

/** The docstring edit the mock notices: the tools a request offers carry it once it is made. */
const NEW_DOCSTRING = 'Use this only for NEW patients who want an appointment.';

/**
 * The mock's answers depend on the intent tool's docstring. As written, "I need a cleaning" is an
 * appointment (is_schedule_appointment, then the identify stage asks for a name). Once the docstring
 * says NEW patients, the model holds back (caller_intent_not_yet_detected) and asks instead.
 * First matching turn wins, so the edited-docstring turns (used once each) come first.
 */
const SCRIPT: MockTurn[] = [
  { match: { toolsInclude: 'NEW patients', lastUserIncludes: 'I need a cleaning' }, reply: { toolCalls: [{ name: 'caller_intent_not_yet_detected', arguments: {} }] } },
  { match: { toolsInclude: 'NEW patients', lastUserIncludes: 'I need a cleaning' }, reply: { text: 'Are you a new patient with us?' } },
  { match: { toolsInclude: 'NEW patients', lastUserIncludes: 'Ana Ruiz' }, reply: { text: 'Thank you, Ana. Are you a new patient?' } },
  { match: { toolsInclude: 'is_schedule_appointment', lastUserIncludes: 'I need a cleaning' }, reply: { toolCalls: [{ name: 'is_schedule_appointment', arguments: { schedule_appointment: true, intent_utterance: 'a cleaning' } }] }, times: 0 },
  { match: { lastUserIncludes: 'I need a cleaning' }, reply: { text: 'Sure. May I have your full name?' }, times: 0 },
  { match: { lastUserIncludes: 'Ana Ruiz' }, reply: { text: 'Thanks, Ana. And your phone number?' }, times: 0 },
  { ...OPENING, times: 0 },
];

/** What a replay must never touch: the open run. */
const openRun = (page: Page) => appState(page, (s) => ({ session: JSON.stringify(s.session), steps: s.steps.length, revisions: s.steps.map((x: any) => x.revision) }));

async function replayFrom(page: Page, callerLine: string) {
  const line = page.getByTestId('sim-caller-line').filter({ hasText: callerLine });
  await line.hover();
  await line.getByTestId('sim-replay').click();
  const dialog = page.getByTestId('replay-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('replay-summary')).toBeVisible();
  return dialog;
}

// Whole calls against the mock, three replays and a document edit: more than the default minute.
test.describe.configure({ timeout: 180_000 });

test.beforeEach(async ({ page }) => {
  await openApp(page);
  await openSimulator(page);
});

test('finish a run, save it as a test, edit a docstring, replay from step 2 and see the difference marked', async ({ page, request }) => {
  await scriptMock(request, SCRIPT);
  await useMockLlm(page);
  await say(page, 'I need a cleaning');
  await say(page, 'Ana Ruiz');
  await expect(page.getByTestId('sim-agent-line').last()).toHaveText(/And your phone number\?/);
  await expect(page.getByTestId('sim-stage-change')).toContainText('identify');

  // Save as test: the run becomes a test of the document (the sample ships with tests of its own).
  const testsBefore = await appState(page, (s) => (s.doc.tests ?? []).length);
  await page.getByTestId('sim-save-test').click();
  await expect(page.getByTestId('save-test-dialog')).toBeVisible();
  await page.getByTestId('save-test-save').click();
  await expect(page.getByTestId('save-test-dialog')).toBeHidden();
  const tests = await appState(page, (s) => s.doc.tests.map((t: any) => t.input));
  expect(tests).toHaveLength(testsBefore + 1);
  expect(tests.at(-1)).toEqual(['I need a cleaning', 'Ana Ruiz']);
  const run = await openRun(page);

  // Nothing edited yet: the replay does what the run did.
  let dialog = await replayFrom(page, 'I need a cleaning');
  await expect(dialog.getByTestId('replay-summary')).toHaveText('No differences: the replay did what the original run did.');
  await expect(dialog.getByTestId('replay-step')).toHaveCount(2);
  await dialog.getByTestId('replay-close').click();
  await expect(dialog).toBeHidden();

  // The docstring, edited in the inspector as a person would.
  await select(page, 'tool', 't_intent');
  await expect(page.getByTestId('inspector-title')).toHaveText('is_schedule_appointment');
  const docstring = page.getByTestId('field-tool-description').locator('textarea');
  await docstring.fill(NEW_DOCSTRING);
  await docstring.blur();
  await expect.poll(() => appState(page, (s) => s.doc.tools.find((t: any) => t.id === 't_intent').description)).toBe(NEW_DOCSTRING);

  await openSimulator(page);
  dialog = await replayFrom(page, 'I need a cleaning');
  const summary = dialog.getByTestId('replay-summary');
  // Step 3 starts where step 2 left off, so its stage path and its answer differ too.
  await expect(summary).toHaveText('5 differences: tools called at step 2, stage path at steps 2 and 3, lines said at steps 2 and 3');

  // Step 2, side by side: the original called the intent tool and moved on; the replay did not.
  const step2 = dialog.locator('[data-testid="replay-step"][data-step="2"]');
  await expect(step2).toHaveAttribute('data-mark', 'changed');
  const tools = step2.getByTestId('replay-tools');
  await expect(tools).toHaveAttribute('data-mark', 'changed');
  await expect(tools.getByTestId('replay-mark')).toHaveText('changed');
  await expect(tools).toContainText('is_schedule_appointment');
  await expect(tools).toContainText('caller_intent_not_yet_detected');
  await expect(step2.getByTestId('replay-stages')).toContainText('greet → identify');
  await expect(step2.getByTestId('replay-said')).toContainText('Are you a new patient with us?');
  await expect(step2.getByTestId('replay-said')).toContainText('Sure. May I have your full name?');
  // The mark has a colour as well as its word.
  const colour = await tools.evaluate((el) => getComputedStyle(el).backgroundColor);
  const plain = await step2.getByTestId('replay-state').evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(colour).not.toBe(plain);
  await page.screenshot({ path: `${SHOTS}/replay-dialog.png` });

  // The open run is as it was: replays run in a session of their own.
  expect(await openRun(page)).toEqual(run);
  await dialog.getByTestId('replay-close').click();
  await expect(page.getByTestId('sim-agent-line').last()).toHaveText(/And your phone number\?/);
});
