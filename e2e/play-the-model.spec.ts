import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { appState, openApp } from './helpers';
import { openSimulator, say, waitForStep } from './sim-helpers';

// Issue 32, "never stuck": where the offline model's rules cannot read a caller's line, the
// Simulator offers to play the model; the person fills the offered tool's form, the step goes on
// the engine's normal way, "Save as test" keeps the pick and the Tests panel replays it green.

const SHOTS = process.env.PLAY_SHOTS ?? '/tmp';
const LOCKERS = fileURLToPath(new URL('../test/fixtures/play-the-model/lockers.tsx', import.meta.url));
const BIKE_DESK = fileURLToPath(new URL('../test/fixtures/play-the-model/bike-desk.yaml', import.meta.url));
const STORAGE_DESK = fileURLToPath(new URL('../test/fixtures/play-the-model/storage-desk.yaml', import.meta.url));
/** A suite run loads the sandbox and plays a whole call: more than one expect's wait. */
const SUITE_DONE = { timeout: 60_000 };

test.describe.configure({ timeout: 180_000 });

async function openLockers(page: Page) {
  await openApp(page);
  await page.getByTestId('open-import').click();
  const dialog = page.getByTestId('import-dialog');
  await dialog.getByTestId('import-file-input').setInputFiles(LOCKERS);
  await dialog.getByTestId('import-open-new').click();
  await expect.poll(() => appState(page, (s) => s.doc.tools.map((t: { name: string }) => t.name))).toEqual(['findLocker', 'openDoor']);
}

async function openBikeDesk(page: Page) {
  await openApp(page);
  await page.getByTestId('open-import').click();
  const dialog = page.getByTestId('import-dialog');
  await dialog.getByTestId('import-file-input').setInputFiles(BIKE_DESK);
  await dialog.getByTestId('import-open-new').click();
  await expect.poll(() => appState(page, (s) => s.doc.tools.map((t: { name: string }) => t.name))).toEqual(['choose_service']);
}

const stageName = (page: Page) => appState(page, (s) => s.doc.stages.find((st: { id: string }) => st.id === s.session?.stageId)?.name);

/**
 * Plays the step an offer stands on: opens Play the model, sees `tool` already picked (the one the
 * line points at) or picks it, chooses `value` for one field, submits, and waits for the step.
 */
async function playOneField(page: Page, offer: Locator, tool: string, field: string, value: string, picked: 'already picked' | 'pick it') {
  await offer.getByTestId('sim-play-offer').click();
  const panel = page.getByTestId('play-model');
  const choice = panel.locator(`[data-testid="play-tool"][data-tool="${tool}"]`);
  if (picked === 'already picked') await expect(choice).toBeChecked();
  else await choice.check();
  await panel.locator(`[data-testid="play-field"][data-field="${field}"]`).selectOption(value);
  await panel.getByTestId('play-submit').click();
  await waitForStep(page);
}

test('a line the rules cannot read: play the model, the step goes on, Save as test keeps it, the Tests panel replays it green', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openLockers(page);
  await openSimulator(page);
  await say(page, 'Hello, I left my bag in a locker');
  await say(page, 'I lost the receipt, sorry');

  const offer = page.getByTestId('sim-undecided');
  await expect(offer).toContainText('The offline model could not read “I lost the receipt, sorry”');
  await expect(offer).toContainText('lockerCode (findLocker)');
  expect(await stageName(page)).toBe('find');

  await offer.getByTestId('sim-play-offer').click();
  const panel = page.getByTestId('play-model');
  await expect(panel).toBeVisible();
  // The tools offered at this step (openDoor belongs to the next stage), the one the line points
  // at picked, with its form built from its parameters' schema.
  await expect(panel.getByTestId('play-tool')).toHaveCount(1);
  await expect(panel.locator('[data-testid="play-tool"][data-tool="findLocker"]')).toBeChecked();
  const code = panel.locator('[data-testid="play-field"][data-field="lockerCode"]');
  await expect(code).toHaveValue('');
  // Submitting without the required value says what to write, and runs nothing.
  await panel.getByTestId('play-submit').click();
  await expect(panel).toContainText('lockerCode is required: write its value');
  await code.pressSequentially('KB204771');
  await page.screenshot({ path: `${SHOTS}/play-the-model.png` });
  await panel.getByTestId('play-submit').click();
  await waitForStep(page);
  await expect(panel).toHaveCount(0);

  // The step went on the engine's way: the tool ran, wrote, and moved the call.
  await expect.poll(() => stageName(page)).toBe('open');
  await expect(page.getByTestId('sim-played')).toContainText('Played by you: the model\'s agent call called findLocker {"lockerCode":"KB204771"}');
  await expect(page.getByTestId('sim-undecided')).toHaveCount(0);
  await page.getByTestId('dock-tab-changelog').click();
  const locker = page.getByTestId('change-row').filter({ has: page.locator('td.cl-field', { hasText: /^locker$/ }) });
  await expect(locker.locator('.cl-value')).toContainText('KB204771');
  await expect(locker.getByTestId('author-chip')).toHaveText('findLocker');
  await page.getByTestId('dock-tab-turns').click();
  await expect(page.getByTestId('call-played').first()).toHaveText('played by you');

  // Save as test keeps the pick…
  await page.getByTestId('dock-tab-simulator').click();
  await page.getByTestId('sim-save-test').click();
  const dialog = page.getByTestId('save-test-dialog');
  await expect(dialog.getByTestId('save-test-model')).toHaveValue(/"lockerCode": "KB204771"/);
  await dialog.getByTestId('save-test-save').click();
  await expect(dialog).toHaveCount(0);
  const saved = await appState(page, (s) => s.doc.tests.at(-1));
  expect(saved.model).toEqual([{ step: expect.any(Number), tools: [{ name: 'findLocker', arguments: { lockerCode: 'KB204771' } }] }]);

  // …and the Tests panel replays it on the offline model, green.
  await page.getByTestId('dock-tab-tests').click();
  const row = page.getByTestId(`test-row-${saved.name}`);
  await row.getByTestId('test-run').click();
  await expect(row.getByTestId('test-rate')).toHaveText('1/1', SUITE_DONE);
  await expect(row).toHaveAttribute('data-status', 'passed');
});

test('Play the model beside the input: a reply alone, at a step the rules did read, is said as the agent\'s line', async ({ page }) => {
  await openLockers(page);
  await openSimulator(page);
  await expect(page.getByTestId('sim-play-open')).toBeDisabled();
  await say(page, 'Hello, I left my bag in a locker');
  const stepsBefore = await appState(page, (s) => s.steps.length);
  await page.getByTestId('sim-play-open').click();
  const panel = page.getByTestId('play-model');
  await panel.getByTestId('play-tool-none').check();
  await panel.getByTestId('play-says').fill('Could you read me the code on the locker door?');
  await panel.getByTestId('play-submit').click();
  await waitForStep(page);
  await expect(page.getByTestId('sim-agent-line').last().locator('.sim-text')).toHaveText('Could you read me the code on the locker door?');
  await expect(page.getByTestId('sim-played')).toContainText('Played by you: the model\'s agent call said "Could you read me the code on the locker door?"');
  // The step was run again in place, not added: the same steps, the last one played.
  expect(await appState(page, (s) => s.steps.map((x: { played?: unknown }) => x.played !== undefined))).toEqual([...new Array(stepsBefore - 1).fill(false), true]);
});

test('Block Agent: a line the rules cannot read offers play the model too; the played tool is captured and the turn moves on', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openBikeDesk(page);
  await openSimulator(page);
  await say(page, 'My sister said you were good, honestly.');

  const offer = page.getByTestId('sim-undecided');
  await expect(offer).toContainText('The offline model could not read “My sister said you were good, honestly.”');
  await expect(offer).toContainText('choose_service');
  await page.screenshot({ path: `${SHOTS}/play-the-model-block-agent.png` });
  await playOneField(page, offer, 'choose_service', 'service', 'brake_check', 'already picked');
  await expect.poll(() => appState(page, (s) => s.session?.state.service)).toBe('brake_check');
  await expect.poll(() => stageName(page)).toBe('done');
});

test('the strict offline model: a guess under the bar is held back and offered, pre-filled; the person confirms it and the turn moves on', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openBikeDesk(page);
  // ⚙ LLM › "Confirm its guesses" (the offline model's strict setting), kept on this device.
  await page.getByTestId('open-llm-settings').click();
  const settings = page.getByTestId('llm-dialog');
  await settings.getByTestId('llm-offline-strict').check();
  await settings.screenshot({ path: `${SHOTS}/llm-settings-strict.png` });
  await settings.getByTestId('llm-save').click();
  await expect(settings).toBeHidden();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('callboard.llm') ?? '{}').offlineStrict)).toBe(true);

  await openSimulator(page);
  await expect(page.getByTestId('simulator')).toContainText('Offline model · strict');
  await say(page, 'The brakes feel a bit soft, can someone look at them?');
  const offer = page.getByTestId('sim-undecided');
  await expect(offer).toContainText('The offline model held back a guess on “The brakes feel a bit soft, can someone look at them?”');
  await expect(offer).toContainText('service = "brake_check"');
  // Nothing was written on the guess: the turn still asks.
  expect(await appState(page, (s) => s.session?.state.service)).toBeUndefined();
  expect(await stageName(page)).toBe('ask');
  await page.screenshot({ path: `${SHOTS}/play-the-model-strict.png` });

  await offer.getByTestId('sim-play-offer').click();
  const panel = page.getByTestId('play-model');
  await expect(panel.locator('[data-testid="play-tool"][data-tool="choose_service"]')).toBeChecked();
  // The form starts from the guess: confirming it is one click.
  await expect(panel.locator('[data-testid="play-field"][data-field="service"]')).toHaveValue('brake_check');
  await panel.getByTestId('play-submit').click();
  await waitForStep(page);
  await expect.poll(() => appState(page, (s) => s.session?.state.service)).toBe('brake_check');
  await expect.poll(() => stageName(page)).toBe('done');
  await expect(page.getByTestId('sim-played').filter({ hasText: 'Played by you: the model\'s tools call called choose_service {"service":"brake_check"}' })).toHaveCount(1);
});

test('the default offline model writes a guess but marks it on the call, with the caller\'s words and how its kind measured; Play the model corrects it', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openBikeDesk(page);
  await openSimulator(page);
  await expect(page.getByTestId('simulator')).not.toContainText('Offline model · strict');
  await say(page, 'The brakes feel a bit soft, can someone look at them?');
  // Written, and the turn moved on: the default model goes on with its guess…
  await expect.poll(() => appState(page, (s) => s.session?.state.service)).toBe('brake_check');
  await expect.poll(() => stageName(page)).toBe('done');
  // …but the call says it is one, under its head, where the arguments are.
  const row = page.getByTestId('sim-tool-choose_service');
  const guess = row.getByTestId('sim-tool-guess');
  await expect(guess).toContainText('Guessed service = "brake_check" from “The brakes feel a bit soft, can someone look at them?”');
  await guess.scrollIntoViewIfNeeded();
  await expect(guess).toBeVisible();
  await page.getByTestId('sim-chat').screenshot({ path: `${SHOTS}/guess-marked.png` });
  await row.locator('.sim-tool-head').click();
  await expect(row.getByTestId('sim-tool-guessed-choose_service')).toContainText(/enum-value \(named whole\): right \d+ of \d+ on unseen agents/);
  await row.getByTestId('sim-tool-guessed-choose_service').scrollIntoViewIfNeeded();
  await page.getByTestId('sim-chat').screenshot({ path: `${SHOTS}/guess-marked-open.png` });

  // The Turn inspector tags the tools call that guessed, naming the parameter and its measure.
  await page.getByTestId('dock-tab-turns').click();
  await page.locator('[data-testid="call-row"]', { hasText: 'tools' }).click();
  const tag = page.getByTestId('call-details').getByTestId('call-guessed');
  await expect(tag).toHaveText('1 guessed');
  await expect(tag).toHaveAttribute('title', /choose_service\.service \(enum-value \(named whole\): right \d+ of \d+ on unseen agents\)/);
  await page.getByTestId('dock-tab-simulator').click();

  // Save as test names the guess before a test takes it as expected.
  await page.getByTestId('sim-save-test').click();
  const dialog = page.getByTestId('save-test-dialog');
  const named = dialog.getByTestId('save-test-guesses');
  await expect(named).toContainText('One value in this run was guessed');
  await expect(named).toContainText('step 1: choose_service.service = "brake_check" from “The brakes feel a bit soft, can someone look at them?”');
  await dialog.screenshot({ path: `${SHOTS}/save-test-guesses.png` });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // The person disagrees: Play the model on that step starts from the model's answer; they pick another value.
  await page.getByTestId('sim-play-open').click();
  const panel = page.getByTestId('play-model');
  const service = panel.locator('[data-testid="play-field"][data-field="service"]');
  await expect(service).toHaveValue('brake_check');
  await service.selectOption('full_service');
  await panel.getByTestId('play-submit').click();
  await waitForStep(page);
  await expect.poll(() => appState(page, (s) => s.session?.state.service)).toBe('full_service');
  // A value a person gave is no guess.
  await expect(page.getByTestId('sim-played').filter({ hasText: 'called choose_service {"service":"full_service"}' })).toHaveCount(1);
  await expect(page.getByTestId('sim-tool-guess')).toHaveCount(0);
  // …and a test saved now has no guess to name: its value is the person's.
  await page.getByTestId('sim-save-test').click();
  await expect(page.getByTestId('save-test-dialog')).toBeVisible();
  await expect(page.getByTestId('save-test-guesses')).toHaveCount(0);
});

test('a run going round in circles: the turn reads nothing while the agent says the same again, and the chat offers to play the model there', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openApp(page);
  await page.getByTestId('open-import').click();
  const dialog = page.getByTestId('import-dialog');
  await dialog.getByTestId('import-file-input').setInputFiles(STORAGE_DESK);
  await dialog.getByTestId('import-open-new').click();
  await expect.poll(() => appState(page, (s) => s.doc.tools.map((t: { name: string }) => t.name))).toEqual(['storage_enquiry', 'intent_unclear']);
  await openSimulator(page);
  await say(page, 'Hiya');
  await say(page, 'The in-laws are moving in');
  // Said once, then twice: no offer yet — the reply beside the tools call may still have moved on.
  await expect(page.getByTestId('sim-undecided')).toHaveCount(0);
  await say(page, 'We have got a garage full of boxes');
  const offer = page.getByTestId('sim-undecided');
  await expect(offer).toContainText('The offline model could not read “We have got a garage full of boxes”');
  await expect(offer).toContainText('twice running');
  await page.screenshot({ path: `${SHOTS}/play-the-model-circling.png` });
  await playOneField(page, offer, 'storage_enquiry', 'wants_unit', 'true', 'pick it');
  await expect.poll(() => stageName(page)).toBe('size');
  await expect(page.getByTestId('sim-undecided')).toHaveCount(0);
});

test('an answer to the agent\'s question that the rules cannot read is offered at once, naming what was asked; Play the model answers it', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openLockers(page);
  await openSimulator(page);
  await say(page, 'Hello, I left my bag in a locker');
  await say(page, "It's KB 204 771");
  await expect.poll(() => stageName(page)).toBe('open');
  await expect(page.getByTestId('sim-undecided')).toHaveCount(0);
  // The agent asked whether the caller is at the locker; the answer says nothing the rules read.
  await say(page, 'My train leaves in ten minutes, mind.');
  const offer = page.getByTestId('sim-undecided');
  await expect(offer).toContainText('The offline model could not read “My train leaves in ten minutes, mind.”');
  await expect(offer).toContainText('the agent had just asked for openDoor.atLocker');
  await page.screenshot({ path: `${SHOTS}/play-the-model-unanswered.png` });
  await playOneField(page, offer, 'openDoor', 'atLocker', 'true', 'already picked');
  await expect.poll(() => stageName(page)).toBe('done');
  await expect(page.getByTestId('sim-undecided')).toHaveCount(0);
});
