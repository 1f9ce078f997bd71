import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { appState, openApp } from './helpers';
import { MOCK_URL, OPENING, TEST_KEY, mockRequests, openSimulator, say, scriptMock, startAt, useMockLlm as pointAtMock, waitForStep, type MockTurn } from './sim-helpers';

// Fault injection (issue 5, point 2) against the mock LLM (test/mock-llm), in both wire shapes.
// Every fault: the chat says what happened and what to do, the run can Retry or go on with another
// line, and the failed call changed nothing in the state panel or the change log. Transport faults
// (401, 429, 500, a dropped stream, silence) fail the step; model mistakes (arguments that are not
// JSON, an unknown tool, a wrong type, an empty answer) are no failure: the runtime says why and
// the step goes on.

const SHOTS = process.env.FAULT_SHOTS ?? '/tmp/shots-faults';

// A test takes a few seconds on a quiet machine; on a shared, loaded one (npm test beside other
// builds) every browser action slows tenfold, and the default minute is not enough for a run,
// a fault and its recovery. The LLM timeouts the tests inject stay short either way.
test.describe.configure({ timeout: 150_000 });
const PROVIDERS = ['openai', 'anthropic'] as const;
type Provider = (typeof PROVIDERS)[number];

const baseUrlOf = (provider: Provider) => (provider === 'openai' ? `${MOCK_URL}/v1` : MOCK_URL);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The idle timeout, set in ⚙ LLM as a user would ("Timeout (s)"). */
async function setTimeoutSeconds(page: Page, seconds: number) {
  await page.getByTestId('open-llm-settings').click();
  await page.getByTestId('llm-timeout').fill(String(seconds));
  await page.getByTestId('llm-save').click();
  await expect(page.getByTestId('llm-dialog')).toBeHidden();
  await expect.poll(() => appState(page, (s) => s.llm.timeoutSeconds)).toBe(seconds);
}

/** What the panels showed before the fault: the state panel's text, and how many writes the change log held. */
interface Effects {
  state: string;
  writes: number;
}

const statePanelText = (page: Page) => page.getByTestId('state-panel').locator('.st-grid').first().innerText();

async function visibleEffects(page: Page): Promise<Effects> {
  return { state: await statePanelText(page), writes: await appState(page, (s) => s.session.changeLog.length) };
}

/**
 * The last step (the one that met the fault) left the state, the stage and the change log as it
 * found them: in the session, in the state panel, and in the Change log tab.
 */
async function expectLastStepChangedNothing(page: Page, before: Effects) {
  const step = await appState(page, (s) => {
    const last = s.steps.at(-1);
    const seen = (x: any) => ({ state: x.state, stageId: x.stageId, log: x.changeLog });
    return { before: seen(last.before), after: seen(last.after) };
  });
  expect(step.after).toEqual(step.before);
  expect(step.before.log).toHaveLength(before.writes);
  expect(await statePanelText(page)).toBe(before.state);
  await page.getByTestId('dock-tab-changelog').click();
  await expect(page.getByTestId('changelog-count')).toHaveText(`${before.writes} writes`);
  await expect(page.getByTestId('change-row')).toHaveCount(before.writes);
  await openSimulator(page);
}

/** The failure banner: what happened, in words, and never the key. */
async function expectFailure(page: Page, message: RegExp) {
  const banner = page.getByTestId('sim-failure');
  await expect(banner).toContainText('The model call failed.');
  await expect(banner).toContainText(message);
  await expect(banner).not.toContainText(TEST_KEY);
  await expect(page.getByTestId('sim-retry')).toBeEnabled();
}

/** The text of the last tool result the model was sent (OpenAI `tool` message, Anthropic `tool_result` block). */
function lastToolResultSent(body: any): string {
  const found: string[] = [];
  for (const m of body.messages) {
    if (m.role === 'tool') found.push(m.content);
    if (Array.isArray(m.content)) for (const b of m.content) if (b.type === 'tool_result') found.push(typeof b.content === 'string' ? b.content : JSON.stringify(b.content));
  }
  return found.at(-1) ?? '';
}

// ---------------------------------------------------------------------------------------------
// Pinecall: every fault, in both wire shapes. The call opens on the choose stage; step 1 searches
// (free_slots writes `searches` and `slots`), so the fault meets a run with state and a change log.

const SEARCH: MockTurn[] = [
  OPENING,
  { reply: { toolCalls: [{ name: 'free_slots', arguments: { day: 'Tuesday', visit: 'checkup' } }] } },
  { reply: { text: 'Tuesday 09:00 with Dr. Vega or 10:30 with Dr. Ruiz?' } },
];
const BOOK: MockTurn = { reply: { toolCalls: [{ name: 'book', arguments: { slot: 'Tuesday-1' } }] } };
const BOOKED: MockTurn[] = [BOOK, { reply: { text: 'See you on Tuesday. Goodbye!' } }];

/** Opens the call, searches once, and returns what the panels showed then. */
async function searchFirst(page: Page, request: APIRequestContext, provider: Provider, then: MockTurn[]) {
  await startAt(page, 's_choose');
  await scriptMock(request, [...SEARCH, ...then]);
  await pointAtMock(page, { provider });
  await say(page, 'A checkup on Tuesday, please');
  await expect(page.getByTestId('sim-agent-line').last()).toHaveText(/Tuesday 09:00 with Dr\. Vega/);
  expect(await appState(page, (s) => s.session.state.searches)).toBe(1);
  return visibleEffects(page);
}

/** The booking went through after the fault: the run really goes on. */
async function expectBooked(page: Page) {
  await expect(page.getByTestId('sim-runtime-confirm')).toHaveText(/Booked: Tuesday 10:30 with Dr\. Ruiz\./);
  await expect(page.getByTestId('sim-agent-line').last()).toHaveText(/See you on Tuesday/);
  await expect(page.getByTestId('sim-failure')).toHaveCount(0);
  expect(await appState(page, (s) => s.session.state.booking_when)).toBe('Tuesday 10:30');
}

const retry = async (page: Page) => {
  await page.getByTestId('sim-retry').click();
  await waitForStep(page);
};

test.beforeEach(async ({ page }) => {
  await openApp(page);
  await openSimulator(page);
});

for (const provider of PROVIDERS) {
  test.describe(`Pinecall over the ${provider} wire`, () => {
    test('401: the key was refused; the chat says to check it, and Retry goes on once it is fixed', async ({ page, request }) => {
      const before = await searchFirst(page, request, provider, [{ fault: { status: 401, message: `invalid key ${TEST_KEY}` } }, ...BOOKED]);
      await say(page, 'The 10:30 one');
      // The server's own text is left out: some servers echo part of the key.
      await expectFailure(page, /The API key was refused \(401\)\. Check it in LLM settings\./);
      await expectLastStepChangedNothing(page, before);
      await page.screenshot({ path: `${SHOTS}/401-${provider}.png` });
      await retry(page);
      await expectBooked(page);
      await expect(page.getByTestId('sim-caller-line')).toHaveCount(2);
    });

    test('429 with retry-after: no silent retry; the chat says how long to wait, and Retry goes on', async ({ page, request }) => {
      const before = await searchFirst(page, request, provider, [{ fault: { status: 429, retryAfter: 7, message: 'Too many requests' } }, ...BOOKED]);
      const sent = (await mockRequests(request)).length;
      await say(page, 'The 10:30 one');
      await expectFailure(page, /Rate limited \(429\): Too many requests\. Try again in 7 s\./);
      // The providers never retry on their own (maxRetries 0): exactly one request met the 429.
      expect((await mockRequests(request)).length).toBe(sent + 1);
      await expectLastStepChangedNothing(page, before);
      await retry(page);
      await expectBooked(page);
    });

    test('500: the chat says the server failed; the caller can go on with another line', async ({ page, request }) => {
      const before = await searchFirst(page, request, provider, [{ fault: { status: 500, message: 'the upstream model crashed' } }, ...BOOKED]);
      await say(page, 'The 10:30 one');
      await expectFailure(page, /The model server failed \(500\): the upstream model crashed\. This is on the server's side; try again later\./);
      await expectLastStepChangedNothing(page, before);
      // Going on instead of retrying: the next line clears the failure and runs as a new step.
      await say(page, 'Hello? The 10:30 one, please');
      await expectBooked(page);
      await expect(page.getByTestId('sim-caller-line')).toHaveText([/A checkup on Tuesday/, /The 10:30 one/, /Hello\? The 10:30 one/]);
    });

    test('the connection drops mid-stream: the chat says it broke off, no half line stays, and Retry goes on', async ({ page, request }) => {
      const cut: MockTurn = { reply: { text: 'Certainly, I am booking the half-past-ten slot with Dr. Ruiz for you right now.' }, fault: { dropAfterChunks: 3 } };
      const before = await searchFirst(page, request, provider, [cut, ...BOOKED]);
      await say(page, 'The 10:30 one');
      await expectFailure(page, new RegExp(`The connection to ${escape(baseUrlOf(provider))} broke off in the middle of the answer.*Try again\\.`));
      await expect(page.getByTestId('sim-streaming')).toHaveCount(0);
      await expect(page.getByTestId('sim-agent-line')).toHaveCount(2); // the opening and the offer only
      await expectLastStepChangedNothing(page, before);
      await retry(page);
      await expectBooked(page);
    });

    test('a server that never answers: the idle timeout from LLM settings fails the call in under a second; Retry goes on', async ({ page, request }) => {
      const before = await searchFirst(page, request, provider, [{ fault: { neverAnswer: true } }, ...BOOKED]);
      await setTimeoutSeconds(page, 0.5);
      const started = Date.now();
      await say(page, 'The 10:30 one');
      const waited = Date.now() - started;
      await expectFailure(page, new RegExp(`${escape(baseUrlOf(provider))} did not answer within 0\\.5 s\\..*raise the timeout in LLM settings\\.`));
      expect(waited).toBeGreaterThanOrEqual(500);
      expect(waited).toBeLessThan(15_000); // far below the default 60 s, even on a loaded machine
      await expectLastStepChangedNothing(page, before);
      // As the message says: a longer timeout, then Retry.
      await setTimeoutSeconds(page, 30);
      await retry(page);
      await expectBooked(page);
    });

    test('malformed tool-call JSON: the row says the arguments are not JSON, the model reads it, nothing is written', async ({ page, request }) => {
      const before = await searchFirst(page, request, provider, [
        { reply: { toolCalls: [{ name: 'book', arguments: '{"slot": "Tuesday-1"' }] } },
        { reply: { text: 'Sorry, which slot was it?' } },
        ...BOOKED,
      ]);
      await say(page, 'The 10:30 one');
      const row = page.getByTestId('sim-tool-book');
      await expect(row).toHaveAttribute('data-status', 'check-failed');
      await expect(row).toContainText('book: the arguments are not valid JSON; send one JSON object');
      // The raw text is shown as the model wrote it.
      await expect(row).toContainText('{"slot": "Tuesday-1"');
      expect(lastToolResultSent((await mockRequests(request)).at(-1)!.body)).toBe('book: the arguments are not valid JSON; send one JSON object');
      await expect(page.getByTestId('sim-agent-line').last()).toHaveText(/Sorry, which slot was it\?/);
      await expect(page.getByTestId('sim-failure')).toHaveCount(0);
      await expectLastStepChangedNothing(page, before);
      await say(page, 'The 10:30 one');
      await expectBooked(page);
    });

    test('a call to a tool that does not exist: refused with the reason, the model reads it, nothing is written', async ({ page, request }) => {
      const before = await searchFirst(page, request, provider, [
        { reply: { toolCalls: [{ name: 'reserve_slot', arguments: { slot: 'Tuesday-1' } }] } },
        { reply: { text: 'Let me try that again: which slot?' } },
        ...BOOKED,
      ]);
      await say(page, 'The 10:30 one');
      const row = page.getByTestId('sim-tool-reserve_slot');
      await expect(row).toHaveAttribute('data-status', 'check-failed');
      const reason = 'reserve_slot: no tool of that name is offered now; use one of the tools listed';
      await expect(row).toContainText(reason);
      expect(lastToolResultSent((await mockRequests(request)).at(-1)!.body)).toBe(reason);
      await expect(page.getByTestId('sim-agent-line').last()).toHaveText(/which slot\?/);
      await expectLastStepChangedNothing(page, before);
      await say(page, 'The 10:30 one');
      await expectBooked(page);
    });

    test('arguments of the wrong type: Pinecall\'s check refuses them, the model reads why and corrects itself in the same step', async ({ page, request }) => {
      const before = await searchFirst(page, request, provider, [
        { reply: { toolCalls: [{ name: 'book', arguments: { slot: 1 } }] } },
        ...BOOKED,
      ]);
      await say(page, 'The 10:30 one');
      const rows = page.getByTestId('sim-tool-book');
      await expect(rows).toHaveCount(2);
      await expect(rows.first()).toHaveAttribute('data-status', 'check-failed');
      await expect(rows.first()).toContainText('book: slot must be a string, not a number');
      await expect(rows.last()).toHaveAttribute('data-status', 'ok');
      const requests = await mockRequests(request);
      // The corrected call was made after reading the refusal (the request before the last).
      expect(lastToolResultSent(requests.at(-2)!.body)).toBe('book: slot must be a string, not a number');
      await expectBooked(page);
      // The refused call wrote nothing: every write of the step is the good call's (and its edge's).
      const authors = await appState(page, (s) => s.session.changeLog.filter((c: any) => c.turn === s.session.turn).map((c: any) => c.author));
      expect(new Set(authors)).toEqual(new Set(['book']));
      expect(await appState(page, (s) => s.session.changeLog.length)).toBe(before.writes + authors.length);
    });

    test('an empty reply: the chat says the agent said nothing and what to do; the next line goes on', async ({ page, request }) => {
      const before = await searchFirst(page, request, provider, [{ reply: { text: '' } }, ...BOOKED]);
      await say(page, 'The 10:30 one');
      await expect(page.getByTestId('sim-limit')).toHaveText(
        'The model answered with neither text nor a tool call, so the agent said nothing. Send another line, or Restart from here to ask again.',
      );
      await expect(page.getByTestId('sim-agent-line')).toHaveCount(2);
      await expect(page.getByTestId('sim-failure')).toHaveCount(0);
      await expectLastStepChangedNothing(page, before);
      await page.screenshot({ path: `${SHOTS}/empty-${provider}.png` });
      await say(page, 'Hello? The 10:30 one');
      await expectBooked(page);
    });
  });
}

test('a server that stalls mid-answer: the idle timeout cuts it and the half line is dropped', async ({ page, request }) => {
  const stalled: MockTurn = { reply: { text: 'Certainly, I am booking the half-past-ten slot with Dr. Ruiz for you right now.' }, fault: { stallAfterChunks: 3 } };
  const before = await searchFirst(page, request, 'openai', [stalled, ...BOOKED]);
  await setTimeoutSeconds(page, 0.5);
  await say(page, 'The 10:30 one');
  await expectFailure(page, /did not answer within 0\.5 s\./);
  await expect(page.getByTestId('sim-agent-line')).toHaveCount(2);
  await expectLastStepChangedNothing(page, before);
  await setTimeoutSeconds(page, 30);
  await retry(page);
  await expectBooked(page);
});

test('the timeout setting refuses what is not a number of seconds, and keeps its value over a reload', async ({ page }) => {
  await page.getByTestId('open-llm-settings').click();
  const dialog = page.getByTestId('llm-dialog');
  await dialog.getByTestId('llm-provider').selectOption('openai');
  await expect(dialog.getByTestId('llm-timeout')).toHaveValue('60');
  await dialog.getByTestId('llm-timeout').fill('0');
  await expect(dialog.getByTestId('llm-timeout-error')).toContainText('a number of seconds from 0.1 to 600');
  await page.screenshot({ path: `${SHOTS}/timeout-setting-invalid.png` });
  await dialog.getByTestId('llm-timeout').fill('2.5');
  await expect(dialog.getByTestId('llm-timeout-error')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/timeout-setting.png` });
  await dialog.getByTestId('llm-save').click();
  await page.reload();
  await page.waitForFunction(() => (window as any).__callboard?.store.getState().loaded === true);
  expect(await appState(page, (s) => s.llm.timeoutSeconds)).toBe(2.5);
  await page.getByTestId('open-llm-settings').click();
  await expect(page.getByTestId('llm-timeout')).toHaveValue('2.5');
});

// ---------------------------------------------------------------------------------------------
// Block Agent: its two parallel calls (a reply call, streamed, and a tools call with
// tool_choice required). One failing while the other answers fails the step with neither acted on.

const REPLY: MockTurn = { match: { toolChoice: 'none' }, reply: { text: 'Of course.' }, times: 0 };
const toolsCall = (...toolCalls: { name: string; arguments: object | string }[]): MockTurn => ({ match: { toolChoice: 'required' }, reply: { toolCalls } });
const INTENT = toolsCall({ name: 'is_schedule_appointment', arguments: { schedule_appointment: true, intent_utterance: 'I need a cleaning' } });
const IDENTITY = toolsCall({ name: 'collect_identity', arguments: { caller_name: 'Dana Whitfield', phone: '5551234567' } });

/** Block Agent, the greeting step done (intent captured, moved to identify); returns the panels then. */
async function blockAgentGreeted(page: Page, request: APIRequestContext, provider: Provider, script: MockTurn[]) {
  await page.getByTestId('target-switch').getByRole('button', { name: 'Block Agent' }).click();
  await expect.poll(() => appState(page, (s) => s.doc.target)).toBe('block-agent');
  await scriptMock(request, script);
  await pointAtMock(page, { provider });
  await say(page, 'I need a cleaning');
  await expect.poll(() => appState(page, (s) => s.session.stageId)).toBe('s_identity');
  return visibleEffects(page);
}

/** collect_identity captured after the fault: the run goes on to the verify wait stage. */
async function expectIdentified(page: Page) {
  await expect(page.getByTestId('sim-failure')).toHaveCount(0);
  expect(await appState(page, (s) => [s.session.stageId, s.session.state.caller_name])).toEqual(['s_verify', 'Dana Whitfield']);
}

for (const provider of PROVIDERS) {
  test(`Block Agent, ${provider} wire: the tools call fails (500) while the reply call answers: neither is acted on, and Retry redoes both`, async ({ page, request }) => {
    const before = await blockAgentGreeted(page, request, provider, [
      INTENT,
      { match: { toolChoice: 'required' }, fault: { status: 500, message: 'tools backend down' } },
      IDENTITY,
      { match: { toolChoice: 'none', lastUserIncludes: 'Dana' }, reply: { text: 'Thanks, may I have your name?' } },
      REPLY,
    ]);
    await say(page, 'Dana Whitfield, 5551234567');
    await expectFailure(page, /The model server failed \(500\): tools backend down\./);
    // The reply that did arrive is not said: a retry redoes the pair.
    await expect(page.getByTestId('sim-agent-line').filter({ hasText: 'may I have your name' })).toHaveCount(0);
    await expect(page.getByTestId('sim-tool-collect_identity')).toHaveCount(0);
    await expectLastStepChangedNothing(page, before);
    await page.screenshot({ path: `${SHOTS}/ba-parallel-${provider}.png` });
    await retry(page);
    await expectIdentified(page);
    await expect(page.getByTestId('sim-caller-line')).toHaveCount(2);
  });
}

// The other faults once each, in alternating wire shapes (the shapes' own handling is covered above).
test.describe('Block Agent', () => {

    test('anthropic wire: the reply call drops mid-stream while the tools call answers: nothing captured; the next line goes on', async ({ page, request }) => {
      const before = await blockAgentGreeted(page, request, 'anthropic', [
        INTENT,
        { match: { toolChoice: 'none', lastUserIncludes: 'Dana' }, reply: { text: 'Thank you, let me note your name and number down now.' }, fault: { dropAfterChunks: 3 } },
        IDENTITY,
        IDENTITY,
        REPLY,
      ]);
      await say(page, 'Dana Whitfield, 5551234567');
      await expectFailure(page, /broke off in the middle of the answer/);
      await expectLastStepChangedNothing(page, before);
      await say(page, 'I said: Dana Whitfield, 5551234567');
      await expectIdentified(page);
    });

    test('openai wire: the tools call never answers: the idle timeout fails the step, the reply is not said, Retry goes on', async ({ page, request }) => {
      const before = await blockAgentGreeted(page, request, 'openai', [
        INTENT,
        { match: { toolChoice: 'required' }, fault: { neverAnswer: true } },
        IDENTITY,
        REPLY,
      ]);
      await setTimeoutSeconds(page, 0.5);
      await say(page, 'Dana Whitfield, 5551234567');
      await expectFailure(page, /did not answer within 0\.5 s\./);
      await expect(page.getByTestId('sim-agent-line')).toHaveCount(2); // the opening and the greeting's reply
      await expectLastStepChangedNothing(page, before);
      await setTimeoutSeconds(page, 30);
      await retry(page);
      await expectIdentified(page);
    });

    test('openai wire: tool-call mistakes (not JSON, wrong type, unknown tool): each row says why, nothing is captured, the reply is said', async ({ page, request }) => {
      const before = await blockAgentGreeted(page, request, 'openai', [
        INTENT,
        toolsCall(
          { name: 'collect_identity', arguments: '{"caller_name": "Dana' },
          { name: 'collect_identity', arguments: { caller_name: 'Dana Whitfield', phone: 5551234567 } },
          { name: 'delete_patient', arguments: { phone: '5551234567' } },
        ),
        IDENTITY,
        REPLY,
      ]);
      await say(page, 'Dana Whitfield, 5551234567');
      await expect(page.getByTestId('sim-failure')).toHaveCount(0);
      const rows = page.getByTestId('sim-tool-collect_identity');
      await expect(rows).toHaveCount(2);
      await expect(rows.first()).toHaveAttribute('data-status', 'check-failed');
      await expect(rows.first()).toContainText('collect_identity: the arguments are not valid JSON; send one JSON object: nothing captured');
      await expect(rows.last()).toHaveAttribute('data-status', 'check-failed');
      await expect(rows.last()).toContainText('collect_identity: arguments/phone must be string: nothing captured');
      const unknown = page.getByTestId('sim-tool-delete_patient');
      await expect(unknown).toHaveAttribute('data-status', 'check-failed');
      await expect(unknown).toContainText('delete_patient: no tool of that name is offered in this block: nothing captured');
      await expect(page.getByTestId('sim-agent-line').last()).toHaveText(/Of course\./);
      await expectLastStepChangedNothing(page, before);
      expect(await appState(page, (s) => s.session.stageId)).toBe('s_identity');
      await say(page, 'Dana Whitfield, 5551234567');
      await expectIdentified(page);
    });

    test('anthropic wire: an empty reply call: the chat says the agent said nothing; the tools call still captured', async ({ page, request }) => {
      await blockAgentGreeted(page, request, 'anthropic', [
        INTENT,
        IDENTITY,
        { match: { toolChoice: 'none', lastUserIncludes: 'Dana' }, reply: { text: '' } },
        REPLY,
      ]);
      await say(page, 'Dana Whitfield, 5551234567');
      await expect(page.getByTestId('sim-limit')).toHaveText(
        'The reply call answered with no text, so the agent said nothing this turn. Send another line, or Restart from here to ask again.',
      );
      await expectIdentified(page);
    });
});
