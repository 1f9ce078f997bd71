import { expect, test } from '@playwright/test';
import { appState, openApp } from './helpers';
import { OPENING, PINECALL_BOOKING, mockRequests, openSimulator, scriptMock, startAt, useMockLlm, type MockTurn } from './sim-helpers';

const SHOTS = process.env.REPLAY_SHOTS ?? '/tmp/shots-replay';

const PERSONA = 'Ana Ruiz wants a checkup on Tuesday and takes the later slot.';
/** The caller's model, told apart from the agent's by the persona in its system prompt. */
const CALLER = (text: string): MockTurn => ({ match: { systemIncludes: PERSONA }, reply: { text } });
/** The agent's model: the sample's persona (Sofia) is in every agent request's system prompt. */
const AGENT = (turn: MockTurn): MockTurn => ({ ...turn, match: { ...turn.match, systemIncludes: 'You are Sofia' } });

// A whole booking with both sides on the mock: more than the default minute on a busy machine.
test.describe.configure({ timeout: 180_000 });

test.beforeEach(async ({ page }) => {
  await openApp(page);
  await openSimulator(page);
});

test('the offline model cannot play a caller: Start is disabled and the panel says why', async ({ page }) => {
  await page.getByTestId('sim-caller-toggle').click();
  const panel = page.getByTestId('sim-caller-panel');
  await panel.getByTestId('sim-caller-persona').fill(PERSONA);
  await expect(panel.getByTestId('sim-caller-start')).toBeDisabled();
  await expect(panel.getByTestId('sim-caller-offline')).toContainText('The offline model cannot play a caller');
});

test('a simulated caller (the mock playing both sides) completes a booking, and the run is saved as a test', async ({ page, request }) => {
  await startAt(page, 's_choose');
  // PINECALL_BOOKING: the opening, a search, an offer, the booking (confirm), goodbye; then one more goodbye.
  await scriptMock(request, [
    CALLER('A checkup on Tuesday, please.'),
    CALLER('The 10:30 one, please.'),
    CALLER('Thanks, bye! [[END]]'),
    ...[...PINECALL_BOOKING, { reply: { text: 'Goodbye, Ana!' } }].map(AGENT),
  ]);
  await useMockLlm(page);

  await page.getByTestId('sim-caller-toggle').click();
  const panel = page.getByTestId('sim-caller-panel');
  await panel.getByTestId('sim-caller-persona').fill(PERSONA);
  await panel.getByTestId('sim-caller-goal').fill('A booking confirmed');
  await panel.getByTestId('sim-caller-max').fill('6');
  await page.screenshot({ path: `${SHOTS}/caller-control.png` });
  await panel.getByTestId('sim-caller-start').click();

  await expect(panel.getByTestId('sim-caller-status')).toHaveText('The caller was done after 3 lines (its goal was met or could not be).', { timeout: 60_000 });
  await expect(page.getByTestId('sim-caller-line')).toHaveText([/A checkup on Tuesday/, /The 10:30 one/, /Thanks, bye!/]);
  await expect(page.getByTestId('sim-runtime-confirm')).toHaveText(/Booked: Tuesday 10:30 with Dr\. Ruiz\./);
  expect(await appState(page, (s) => ({ stage: s.session.stageId, when: s.session.state.booking_when }))).toEqual({ stage: 's_goodbye', when: 'Tuesday 10:30' });

  // The caller's requests: its persona and goal, no tools, and the call heard from its side.
  const callerRequests = (await mockRequests(request)).filter((r) => JSON.stringify(r.body.messages).includes(PERSONA));
  expect(callerRequests).toHaveLength(3);
  expect(callerRequests.every((r) => r.body.tools === undefined)).toBe(true);
  expect(callerRequests[0].body.messages.at(-1)).toEqual({ role: 'user', content: OPENING.reply!.text });
  expect(callerRequests[1].body.messages.at(-1).content).toContain('Tuesday 09:00 with Dr. Vega or 10:30 with Dr. Ruiz?');
  await page.screenshot({ path: `${SHOTS}/caller-done.png` });

  // The run is like a typed one: Save as test proposes its caller lines.
  const testsBefore = await appState(page, (s) => (s.doc.tests ?? []).length);
  await page.getByTestId('sim-save-test').click();
  const dialog = page.getByTestId('save-test-dialog');
  await expect(dialog.getByTestId('save-test-input')).toHaveValue('A checkup on Tuesday, please.\nThe 10:30 one, please.\nThanks, bye!');
  await dialog.getByTestId('save-test-save').click();
  await expect(dialog).toBeHidden();
  const saved = await appState(page, (s) => s.doc.tests);
  expect(saved).toHaveLength(testsBefore + 1);
  expect(saved.at(-1)).toMatchObject({ input: ['A checkup on Tuesday, please.', 'The 10:30 one, please.', 'Thanks, bye!'], expect: { tools: expect.arrayContaining(['free_slots', 'book']) } });
});
