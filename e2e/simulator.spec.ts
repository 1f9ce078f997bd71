import { expect, test } from '@playwright/test';
import { appState, openApp } from './helpers';
import { OPENING, PINECALL_BOOKING, keyLeaks, mockRequests, openSimulator, say, scriptMock, simState, startAt, useMockLlm, waitForStep } from './sim-helpers';

const SHOTS = process.env.SIM_SHOTS ?? '/tmp';

// A first visit opens the bundled sample (public/examples/clinic-booking.json). Not `?example=`: it
// replaces the document a moment after boot, which would race the tests' own edits.
test.beforeEach(async ({ page }) => {
  await openApp(page);
  expect(await page.evaluate(() => (window as any).__callboard.store.getState().doc.name)).toBe('Clinic Booking');
  await openSimulator(page);
});

test('the empty simulator says what to do, and runs nothing on first paint', async ({ page }) => {
  await expect(page.getByTestId('sim-empty')).toContainText('Type as the caller to start a run');
  await expect(page.getByTestId('sim-input')).toHaveAttribute('placeholder', 'Type as the caller to start a run');
  await expect(page.getByTestId('sim-provider')).toHaveText('Offline model');
});

test('a Pinecall booking: announce, a preview cut, confirm, and the canvas following the stage', async ({ page, request }) => {
  await startAt(page, 's_choose');
  await scriptMock(request, PINECALL_BOOKING);
  await useMockLlm(page);

  await say(page, 'A checkup on Tuesday, please');
  const chat = page.getByTestId('sim-chat');
  await expect(chat.getByTestId('sim-runtime-announce')).toContainText('Let me check the agenda.');
  await expect(chat.getByTestId('sim-runtime-announce')).toContainText('announce · free_slots');
  await expect(chat.getByTestId('sim-agent-line').last()).toHaveText(/Tuesday 09:00 with Dr\. Vega/);
  await expect(page.getByTestId('stage-node-choose')).toHaveAttribute('data-current', 'true');
  // The preview cuts the four slots to two for the model; the row shows both.
  await chat.getByTestId('sim-tool-free_slots').getByRole('button').click();
  const detail = chat.getByTestId('sim-tool-detail-free_slots');
  await expect(detail).toContainText('Tuesday 16:00');
  await expect(detail.getByText('Model reads')).toBeVisible();
  // Pinecall's runtime sends a list inside {"items": [...]} (tools.py output_text), after its own current_date pair.
  const toolMessage = (await mockRequests(request)).at(-1)!.body.messages.find((m: any) => m.role === 'tool' && m.tool_call_id !== 'clock_1');
  expect(JSON.parse(toolMessage.content).items).toHaveLength(2);

  await say(page, 'The 10:30 one');
  await expect(chat.getByTestId('sim-runtime-confirm')).toHaveText(/Booked: Tuesday 10:30 with Dr\. Ruiz\./);
  await expect(chat.getByTestId('sim-stage-change')).toContainText('goodbye');
  await expect(page.getByTestId('stage-node-goodbye')).toHaveAttribute('data-current', 'true');
  await expect(page.getByTestId('stage-node-choose')).not.toHaveAttribute('data-current', 'true');
  await expect(page.locator('.react-flow__edge[data-id="e_choose_goodbye"] path.taken')).toHaveCount(1);
  expect((await simState(page)).state).toMatchObject({ booking_when: 'Tuesday 10:30', searches: 1 });
  // A change-log entry picked elsewhere (simFocus) highlights its step's rows in the chat.
  await page.evaluate(() => (window as any).__callboard.store.getState().setSim({ simFocus: { step: 2, tool: 'free_slots' } }));
  await expect(chat.getByTestId('sim-tool-free_slots')).toHaveClass(/focused/);
  await expect(chat.getByTestId('sim-tool-book')).not.toHaveClass(/focused/);
  await page.screenshot({ path: `${SHOTS}/h4-booking.png` });
  await page.setViewportSize({ width: 1440, height: 1700 });
  await page.getByTestId('simulator').screenshot({ path: `${SHOTS}/h4-booking-chat.png` });
});

test('a long chat follows the run at its end, stays where the user scrolled up to, and points at a step in any block', async ({ page, request }) => {
  await scriptMock(request, [{ reply: { text: 'Okay, noted.' }, times: 0 }]);
  await useMockLlm(page);
  for (let line = 1; line <= 12; line++) await say(page, `Line ${line}`);
  const last = await appState(page, (s) => s.session.turn);
  expect(last).toBeGreaterThan(11);

  // At the end, the chat follows each new line; scrolled up, it is left there to read.
  const chat = page.getByTestId('sim-chat');
  const gap = () => chat.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);
  expect(await chat.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  await expect.poll(gap).toBeLessThan(2);
  await expect(chat.getByTestId('sim-agent-line').last()).toBeInViewport();
  await chat.evaluate((el) => { el.scrollTop = 0; });
  await expect.poll(() => chat.evaluate((el) => el.scrollTop)).toBe(0);
  await say(page, 'Line 13');
  await expect(chat.getByTestId('sim-agent-line')).toHaveCount(last + 1);
  expect(await chat.evaluate((el) => el.scrollTop)).toBe(0);

  // The chat draws its rows in memoised blocks of a few steps (ChatRows.tsx): the focus must reach
  // the row of a step in an early block, and leave it when it moves on to the last block.
  const focusedTurns = () => page.getByTestId('sim-chat').evaluate((chat) => [...new Set([...chat.querySelectorAll('.focused')].map((el) => el.getAttribute('data-turn')))]);
  const focus = (step: number) => page.evaluate((s) => (window as any).__callboard.store.getState().setSim({ simFocus: { step: s } }), step);
  await focus(2);
  await expect.poll(focusedTurns).toEqual(['2']);
  await focus(last);
  await expect.poll(focusedTurns).toEqual([String(last)]);
  await focus(3);
  await expect.poll(focusedTurns).toEqual(['3']);
});

test('a refused argument check: the row shows Pinecall\'s message, and the model reads it', async ({ page, request }) => {
  await startAt(page, 's_choose');
  await scriptMock(request, [
    OPENING,
    { reply: { toolCalls: [{ name: 'free_slots', arguments: { day: 'Tuesday' } }] } },
    { reply: { text: 'What is the visit for?' } },
  ]);
  await useMockLlm(page);
  await say(page, 'Tuesday');
  const row = page.getByTestId('sim-tool-free_slots');
  await expect(row).toHaveAttribute('data-status', 'check-failed');
  await expect(row).toContainText('arguments refused');
  const message = (await row.locator('.sim-tool-brief').textContent())!;
  expect(message).toMatch(/visit/);
  const toolMessage = (await mockRequests(request)).at(-1)!.body.messages.findLast((m: any) => m.role === 'tool');
  expect(toolMessage.content).toBe(message);
  expect((await simState(page)).state).toMatchObject({ searches: 0 });
});

test('a throwing tool shows its error, and Restart from here goes back to before the line', async ({ page, request }) => {
  await startAt(page, 's_choose');
  await page.evaluate(() => (window as any).__callboard.store.getState().setSim({ initialState: { slots: [{ id: 'Tuesday-0', when: 'Tuesday 09:00', professional: 'Dr. Vega' }] } }));
  await scriptMock(request, [
    OPENING,
    { reply: { toolCalls: [{ name: 'book', arguments: { slot: 'Friday-9' } }] } },
    { reply: { text: 'That slot is gone; let me look again.' } },
  ]);
  await useMockLlm(page);
  await say(page, 'Friday please');
  const row = page.getByTestId('sim-tool-book');
  await expect(row).toHaveAttribute('data-status', 'error');
  await expect(row).toContainText('Friday-9 is not one of the slots offered');
  await row.getByRole('button').click();
  await expect(page.getByTestId('sim-tool-detail-book')).toContainText('passed');
  await page.screenshot({ path: `${SHOTS}/h4-tool-error.png` });

  await page.getByTestId('sim-caller-line').hover();
  await page.getByTestId('sim-restart').click();
  await expect(page.getByTestId('sim-tool-book')).toHaveCount(0);
  await expect(page.getByTestId('sim-caller-line')).toHaveCount(0);
  await expect(page.getByTestId('sim-agent-line')).toHaveCount(1);
  await expect(page.getByTestId('sim-agent-line')).toContainText(OPENING.reply!.text!);
  await expect(page.getByTestId('sim-input')).toHaveValue('Friday please');
  expect(await simState(page)).toMatchObject({ steps: 1, stageId: 's_choose' });
});

test('Stop in the middle of a stream: the chat says Stopped, the state is unchanged, and Retry continues', async ({ page, request }) => {
  await scriptMock(request, [
    OPENING,
    { reply: { text: 'Good morning and welcome to Clínica Norte, how can I help you today?' }, chunkDelayMs: 400 },
    { reply: { text: 'Welcome! How can I help?' } },
  ]);
  await useMockLlm(page);
  const before = await simState(page);
  await say(page, 'Hi', { wait: false });
  await expect(page.getByTestId('sim-streaming')).toContainText('Good morning');
  await page.getByTestId('sim-stop').click();
  await waitForStep(page);
  await expect(page.getByTestId('sim-failure')).toContainText('Stopped');
  await expect(page.getByTestId('sim-caller-line')).toHaveText(/Hi/);
  // Only the agent's opening: the stopped answer left no line behind, and no field changed.
  await expect(page.getByTestId('sim-agent-line')).toHaveCount(1);
  const after = await simState(page);
  expect(after.state).toEqual(await page.evaluate(() => (window as any).__callboard.store.getState().steps.at(-1).before.state));
  expect(before.steps).toBe(0);

  await page.getByTestId('sim-retry').click();
  await waitForStep(page);
  await expect(page.getByTestId('sim-agent-line').last()).toHaveText(/Welcome! How can I help\?/);
  await expect(page.getByTestId('sim-failure')).toHaveCount(0);
  expect((await simState(page)).steps).toBe(2);
});

test('Restart from here while a step is in flight abandons it and goes back to before the line', async ({ page, request }) => {
  await scriptMock(request, [
    OPENING,
    { reply: { text: 'Sure, a checkup. Which day?' } },
    { reply: { text: 'Let me think about Tuesday for a long while before I answer you.' }, chunkDelayMs: 400 },
  ]);
  await useMockLlm(page);
  await say(page, 'A checkup please');
  await say(page, 'Tuesday?', { wait: false });
  await expect(page.getByTestId('sim-streaming')).toContainText('Let me');
  // The rows' buttons stay usable while the step runs (no rule hides them then).
  const first = page.getByTestId('sim-caller-line').first();
  await first.hover();
  await first.getByTestId('sim-restart').click();
  await expect(page.getByTestId('sim-caller-line')).toHaveCount(0);
  await expect(page.getByTestId('sim-input')).toHaveValue('A checkup please');
  // The abandoned answer never lands, however long it streams on.
  await page.waitForTimeout(1500);
  await expect(page.getByTestId('sim-agent-line')).toHaveCount(1);
  await expect(page.getByTestId('sim-streaming')).toHaveCount(0);
  expect(await appState(page, (s) => ({ steps: s.steps.length, running: s.running }))).toEqual({ steps: 1, running: false });
});

test('a failed call (HTTP 500) is said in the chat; Retry continues the step', async ({ page, request }) => {
  await scriptMock(request, [
    OPENING,
    { fault: { status: 500, message: 'the upstream model crashed' } },
    { reply: { text: 'Sorry about that. How can I help?' } },
  ]);
  await useMockLlm(page);
  await say(page, 'Hello?');
  await expect(page.getByTestId('sim-failure')).toContainText('the upstream model crashed');
  await expect(page.getByTestId('sim-caller-line')).toHaveText(/Hello\?/);
  await page.screenshot({ path: `${SHOTS}/h4-failure.png` });
  await page.getByTestId('sim-retry').click();
  await waitForStep(page);
  await expect(page.getByTestId('sim-agent-line').last()).toHaveText(/Sorry about that/);
  await expect(page.getByTestId('sim-failure')).toHaveCount(0);
  await expect(page.getByTestId('sim-caller-line')).toHaveCount(1);
});

test('a line sent while the agent is still answering waits, then goes out when the step ends', async ({ page, request }) => {
  await scriptMock(request, [
    OPENING,
    { match: { lastUserIncludes: 'first' }, reply: { text: 'Answer to the first.' }, delayMs: 1500 },
    { match: { lastUserIncludes: 'second' }, reply: { text: 'Answer to the second.' } },
  ]);
  await useMockLlm(page);
  await say(page, 'My first question', { wait: false });
  await expect.poll(() => appState(page, (s) => s.running)).toBe(true);
  await say(page, 'And a second one', { wait: false });
  await expect(page.getByTestId('sim-queued')).toContainText('And a second one');
  await expect(page.getByTestId('sim-agent-line').last()).toHaveText(/Answer to the second\./);
  await expect(page.getByTestId('sim-queued')).toHaveCount(0);
  await expect(page.getByTestId('sim-caller-line')).toHaveText([/My first question/, /And a second one/]);
});

test('switching the target runtime resets the run with a note', async ({ page, request }) => {
  await scriptMock(request, [OPENING, { reply: { text: 'Hello!' } }]);
  await useMockLlm(page);
  await say(page, 'Hi');
  await expect(page.getByTestId('sim-agent-line')).toHaveCount(2);
  await page.getByTestId('target-switch').getByRole('button', { name: 'Block Agent' }).click();
  await expect(page.getByTestId('sim-notice')).toContainText('Block Agent');
  await expect(page.getByTestId('sim-agent-line')).toHaveCount(0);
  expect(await simState(page)).toMatchObject({ steps: 0 });
});

test('the API key stays out of the document, the URL and storage unless Remember is ticked', async ({ page, request }) => {
  const consoleLines: string[] = [];
  page.on('console', (m) => consoleLines.push(m.text()));
  page.on('pageerror', (e) => consoleLines.push(e.message));
  await scriptMock(request, [{ reply: { text: 'Hello!' }, times: 0 }]);
  await useMockLlm(page);
  await say(page, 'Hi');
  const reqs = await mockRequests(request);
  expect(String(reqs[0].headers.authorization)).toContain('sk-callboard-e2e-SECRET-4242');
  await page.evaluate(() => (window as any).__callboard.projects.flush());
  const leaks = async () => (await keyLeaks(page)).found;
  expect(await leaks()).toEqual([]);

  await useMockLlm(page, { remember: true });
  expect(await leaks()).toEqual(['localStorage callboard.llm.key']);
  await page.reload();
  await page.getByTestId('open-llm-settings').click();
  await expect(page.getByTestId('llm-api-key')).toHaveValue('sk-callboard-e2e-SECRET-4242');
  // Shown in the field, yet not written into the page's HTML (no value attribute).
  expect(await page.evaluate(() => document.documentElement.outerHTML.includes('sk-callboard-e2e-SECRET-4242'))).toBe(false);
  await page.getByTestId('llm-test').click();
  await expect(page.getByTestId('llm-test-result')).toContainText('Connected to');
  await page.screenshot({ path: `${SHOTS}/h4-llm-dialog.png` });
  await page.getByTestId('llm-remember').uncheck();
  await page.getByTestId('llm-save').click();
  expect(await leaks()).toEqual([]);
  expect(consoleLines.filter((line) => line.includes('sk-callboard-e2e-SECRET-4242'))).toEqual([]);
});

test.describe('the offline model (the default): no key, no network', () => {
  const foreign: string[] = [];
  test.beforeEach(async ({ page }) => {
    foreign.length = 0;
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (!['data:', 'blob:'].includes(url.protocol) && url.hostname !== '127.0.0.1') foreign.push(r.url());
    });
  });
  test.afterEach(() => expect(foreign).toEqual([]));

  test('Pinecall: the caller picks a day and a slot, and the booking happens', async ({ page }) => {
    await startAt(page, 's_choose');
    await page.getByTestId('sim-agent-opens').click();
    await waitForStep(page);
    await expect(page.getByTestId('sim-agent-opens')).toBeDisabled();
    await say(page, 'Could I come Thursday for a cleaning?');
    await expect(page.getByTestId('sim-tool-free_slots')).toHaveAttribute('data-status', 'ok');
    await expect(page.getByTestId('sim-agent-line').last()).toHaveText(/I can offer Thursday 09:00 .* or Thursday 10:30/);
    await say(page, 'Yes, the 10:30 one please.');
    await expect(page.getByTestId('sim-runtime-confirm')).toHaveText(/Booked: Thursday 10:30 with Dr\. Ruiz\./);
    await expect(page.getByTestId('stage-node-goodbye')).toHaveAttribute('data-current', 'true');
    expect((await simState(page)).state).toMatchObject({ booking_when: 'Thursday 10:30' });
    await page.screenshot({ path: `${SHOTS}/h4-offline-booking.png` });
  });

  test('Block Agent: a wait stage asks for its token, and the answer moves the call on', async ({ page }) => {
    await page.getByTestId('target-switch').getByRole('button', { name: 'Block Agent' }).click();
    await expect(page.getByTestId('sim-provider')).toHaveText('Offline model');
    await say(page, "Hi, I'd like to reserve a spot please.");
    await expect(page.getByTestId('stage-node-identify')).toHaveAttribute('data-current', 'true');
    await expect(page.locator('.react-flow__edge[data-id="e_greet_identify"] path.taken')).toHaveCount(1);
    await say(page, "I'm Dana Whitfield, you can reach me on 555 123 4567.");
    await expect(page.getByTestId('stage-node-verify')).toHaveAttribute('data-current', 'true');
    await expect(page.getByTestId('sim-wait')).toContainText('ehr_lookup');
    await page.screenshot({ path: `${SHOTS}/h4-wait.png` });
    await page.getByTestId('sim-wait-input').fill('verified');
    await page.getByTestId('sim-wait-input').press('Enter');
    await waitForStep(page);
    await expect(page.getByTestId('stage-node-choose')).toHaveAttribute('data-current', 'true');
    await expect(page.getByTestId('sim-wait')).toHaveCount(0);
  });
});

test('a tool stuck in a loop runs off the page: the chat stays live and Stop ends it at once', async ({ page, request }) => {
  await startAt(page, 's_choose');
  await page.evaluate(() =>
    (window as any).__callboard.store.getState().apply((doc: any) => ({
      ...doc,
      tools: doc.tools.map((t: any) => (t.name === 'free_slots' ? { ...t, implementation: 'while (true) {}\nreturn [];' } : t)),
    })),
  );
  await scriptMock(request, [OPENING, { reply: { toolCalls: [{ name: 'free_slots', arguments: { day: 'Tuesday', visit: 'checkup' } }] } }]);
  await useMockLlm(page);
  await say(page, 'Tuesday', { wait: false });
  // The model asked for free_slots (the second request); the tool is now spinning in the worker.
  await expect.poll(async () => (await mockRequests(request)).length).toBe(2);
  await page.waitForTimeout(500);
  await expect(page.getByTestId('sim-stop')).toBeEnabled();
  const stoppedAt = Date.now();
  await page.getByTestId('sim-stop').click();
  await waitForStep(page);
  expect(Date.now() - stoppedAt).toBeLessThan(5000);
  await expect(page.getByTestId('sim-failure')).toContainText('Stopped');
  await expect(page.getByTestId('sim-tool-free_slots')).toContainText('Stopped while the tool was running');
  expect((await simState(page)).state).toMatchObject({ searches: 0 });
});
