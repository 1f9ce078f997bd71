import { expect, test, type Page } from '@playwright/test';
import { appState, openApp } from './helpers';
import { mockRequests, openSimulator, say, scriptMock, startAt, useMockLlm, waitForStep, type MockTurn } from './sim-helpers';

// The sample (public/examples/clinic-booking.json) switched to Block Agent, run against the mock LLM
// (OpenAI wire shape). formats/block-agent.md, "The step, exactly as Callboard simulates it": each
// caller line starts a reply call (no tools) and a tools call (tool_choice required) at once; the
// edges are then tried in written order; a loop edge counts towards its block's looping threshold.

const SHOTS = process.env.SIM_SHOTS ?? '/tmp';

/** The nlu condition's yes/no call (src/runtimes/block-agent/engine/prompt.ts, nluSystemPrompt). */
const NLU = 'Answer with one word';
/** Every reply-only call (the opening, the reply half of a step, entering a wait or end stage). */
const REPLY: MockTurn = { match: { toolChoice: 'none' }, reply: { text: 'Of course.' }, times: 0 };
const tools = (...toolCalls: { name: string; arguments: object }[]): MockTurn => ({ match: { toolChoice: 'required' }, reply: { toolCalls } });

const INTENT = { name: 'is_schedule_appointment', arguments: { schedule_appointment: true, intent_utterance: 'I need a cleaning' } };
const IDENTITY = { name: 'collect_identity', arguments: { caller_name: 'Dana Whitfield', phone: '5551234567' } };

type Trace = any[];
const session = (page: Page) => appState(page, (s) => s.session);
const stageName = (page: Page) => appState(page, (s) => s.doc.stages.find((st: any) => st.id === s.session?.stageId)?.name);
const stepEntries = (trace: Trace, step: number) => trace.filter((t) => t.step === step);

test.beforeEach(async ({ page }) => {
  await openApp(page);
  expect(await appState(page, (s) => s.doc.name)).toBe('Clinic Booking');
  await page.getByTestId('target-switch').getByRole('button', { name: 'Block Agent' }).click();
  await expect.poll(() => appState(page, (s) => s.doc.target)).toBe('block-agent');
  await openSimulator(page);
});

test('one tools call fires two tools at once: both are called, both capture into the state and the change log', async ({ page, request }) => {
  // A second tool with a parameter in the greeting block, as a user would add it in the tool editor.
  await page.evaluate(() =>
    (window as any).__callboard.store.getState().apply((doc: any) => ({
      ...doc,
      tools: [
        ...doc.tools,
        {
          id: 't_language', kind: 'function', name: 'preferred_language', fallback: false, pii: [],
          scope: { kind: 'blocks', blockIds: ['b_greeting'] },
          description: 'The language the caller speaks.',
          parameters: { type: 'object', properties: { language: { type: 'string', enum: ['en', 'es'] } }, required: ['language'], additionalProperties: false },
        },
      ],
    })),
  );
  await scriptMock(request, [tools(INTENT, { name: 'preferred_language', arguments: { language: 'es' } }), REPLY]);
  await useMockLlm(page);
  await say(page, 'Necesito una limpieza');

  // The tools call offered the greeting block's three tools, with tool_choice required and parallel calls.
  const toolsRequest = (await mockRequests(request)).find((r) => r.body.tool_choice === 'required')!;
  expect(toolsRequest.body.tools.map((t: any) => t.function.name).sort()).toEqual(['caller_intent_not_yet_detected', 'is_schedule_appointment', 'preferred_language']);

  const s = await session(page);
  expect(s.state).toMatchObject({ schedule_appointment: true, intent_utterance: 'I need a cleaning', language: 'es' });
  const writes = s.changeLog.filter((c: any) => c.turn === s.turn).map((c: any) => [c.field, c.author]);
  expect(writes).toEqual(expect.arrayContaining([
    ['schedule_appointment', 'is_schedule_appointment'],
    ['intent_utterance', 'is_schedule_appointment'],
    ['language', 'preferred_language'],
  ]));
  // is_schedule_appointment's capture made the first edge hold.
  expect(await stageName(page)).toBe('identify');

  // The state panel shows what was captured as the run's state, declared or not (issue 31: it said
  // "No state fields" while the change log listed the captured values).
  const panel = page.getByTestId('state-panel');
  const captured = (field: string) => panel.locator(`[data-testid="state-field"][data-field="${field}"]`);
  await expect(captured('language')).toHaveAttribute('data-captured', 'true');
  await expect(captured('language').getByTestId('state-value')).toHaveText('"es"');
  await expect(captured('intent_utterance').getByTestId('state-value')).toHaveText('"I need a cleaning"');
  await expect(captured('schedule_appointment').getByTestId('state-value')).toHaveText('true');
  await expect(panel.getByTestId('state-empty')).toHaveCount(0);

  // The change log panel: one row per capture, each authored by its own tool.
  await page.getByTestId('dock-tab-changelog').click();
  const row = (field: string) => page.locator('[data-testid="change-row"]', { has: page.locator('td.cl-field', { hasText: new RegExp(`^${field}$`) }) });
  await expect(row('language').getByTestId('author-chip')).toHaveText('preferred_language');
  await expect(row('language').locator('.cl-value')).toContainText('"es"');
  await expect(row('schedule_appointment').getByTestId('author-chip')).toHaveText('is_schedule_appointment');
  await expect(row('intent_utterance').getByTestId('author-chip')).toHaveText('is_schedule_appointment');

  // The turn inspector: the tools call answered both tool calls in one answer.
  await page.getByTestId('dock-tab-turns').click();
  await page.locator('[data-testid="call-row"]', { hasText: 'tools' }).click();
  const answer = page.getByTestId('call-details').locator('.cd-toolcall');
  await expect(answer).toHaveCount(2);
  await expect(answer.nth(0)).toContainText('is_schedule_appointment');
  await expect(answer.nth(1)).toContainText('preferred_language');
  await expect(page.getByTestId('edge-decision')).toHaveAttribute('data-edge', 'e_greet_identify');
});

// Block Agent tool calls are not in the transcript (src/runtimes/block-agent/engine/step.ts pushes no
// tool-call/tool-result lines), and the chat builds its tool rows only from those lines
// (src/run/chat-items.ts): a Block Agent run shows no tool rows in the chat yet.
test('Block Agent tool calls show as tool rows in the chat', async ({ page, request }) => {
  await scriptMock(request, [tools(INTENT, { name: 'caller_intent_not_yet_detected', arguments: {} }), REPLY]);
  await useMockLlm(page);
  await say(page, 'Necesito una limpieza');
  await expect(page.getByTestId('sim-tool-is_schedule_appointment')).toHaveAttribute('data-status', 'ok');
  await expect(page.getByTestId('sim-tool-caller_intent_not_yet_detected')).toHaveAttribute('data-status', 'ok');
});

/** Walks the sample from greet to the wait stage verify (two caller lines). */
async function toVerify(page: Page) {
  await say(page, 'Necesito una limpieza');
  await expect(page.getByTestId('stage-node-identify')).toHaveAttribute('data-current', 'true');
  await say(page, 'Dana Whitfield, 555 123 4567');
  await expect(page.getByTestId('stage-node-verify')).toHaveAttribute('data-current', 'true');
  await expect(page.getByTestId('sim-wait')).toContainText('ehr_lookup');
}

async function answerWait(page: Page, value: string) {
  await page.getByTestId('sim-wait-input').fill(value);
  await page.getByTestId('sim-wait-input').press('Enter');
  await waitForStep(page);
}

test('edges are tried in written order: when two hold, the first one written wins', async ({ page, request }) => {
  // verify's edges, in order: e_verify_choose (external = verified), then e_verify_goodbye (external = *).
  const edges = await appState(page, (s) => s.doc.edges.filter((e: any) => e.from === 's_verify').map((e: any) => [e.id, e.conditions[0].expected]));
  expect(edges).toEqual([['e_verify_choose', 'verified'], ['e_verify_goodbye', '*']]);
  await scriptMock(request, [tools(INTENT), tools(IDENTITY), REPLY]);
  await useMockLlm(page);

  // "verified" matches both; the first written, verify → choose, fires.
  await toVerify(page);
  await answerWait(page, 'verified');
  await expect(page.getByTestId('stage-node-choose')).toHaveAttribute('data-current', 'true');
  expect(await stageName(page)).toBe('choose');
  let s = await session(page);
  expect(stepEntries(s.trace, s.turn).filter((t) => t.kind === 'stage-change')).toMatchObject([{ from: 'verify', to: 'choose', edgeId: 'e_verify_choose' }]);
  await expect(page.locator('.react-flow__edge[data-id="e_verify_choose"] path.taken')).toHaveCount(1);
  await page.getByTestId('dock-tab-turns').click();
  await expect(page.getByTestId('edge-decision')).toHaveAttribute('data-edge', 'e_verify_choose');
  await expect(page.getByTestId('edge-decision')).toContainText('verify → choose');
  await expect(page.getByTestId('turn-inspector')).toContainText('ehr_lookup answered: verified');

  // The second edge does hold on its own: another answer takes it to goodbye. (A new run opened
  // on verify itself, to keep the test short.)
  await openSimulator(page);
  await page.getByTestId('sim-reset').click();
  await expect.poll(() => appState(page, (s) => s.session)).toBeNull();
  await startAt(page, 's_verify');
  await page.getByTestId('sim-agent-opens').click();
  await waitForStep(page);
  await expect(page.getByTestId('sim-wait')).toContainText('ehr_lookup');
  await answerWait(page, 'not found');
  await expect(page.getByTestId('stage-node-goodbye')).toHaveAttribute('data-current', 'true');
  s = await session(page);
  expect(stepEntries(s.trace, s.turn).filter((t) => t.kind === 'stage-change')).toMatchObject([{ from: 'verify', to: 'goodbye', edgeId: 'e_verify_goodbye' }]);
});

test('a loop edge that holds three times reaches the looping threshold: the runtime says its message and moves to goodbye', async ({ page, request }) => {
  const greeting = await appState(page, (s) => s.doc.blocks.find((b: any) => b.id === 'b_greeting').looping);
  expect(greeting).toMatchObject({ threshold: 3, connectTo: 's_goodbye' });
  const looping = greeting.messages[0] as string;
  await scriptMock(request, [
    { match: { systemIncludes: NLU }, reply: { text: 'Yes.' }, times: 0 },
    { ...tools({ name: 'caller_intent_not_yet_detected', arguments: {} }), times: 0 },
    REPLY,
  ]);
  await useMockLlm(page);

  for (let loop = 1; loop <= 2; loop++) {
    await say(page, loop === 1 ? 'Hello there' : 'Just chatting');
    const s = await session(page);
    const step = stepEntries(s.trace, s.turn);
    // The first edge (is_schedule_appointment) did not hold; the nlu call was made and answered yes.
    const condition = step.filter((t) => t.kind === 'model-call' && t.request.purpose === 'condition');
    expect(condition).toHaveLength(1);
    expect(condition[0].request.system).toContain('The caller has not yet said why they are calling.');
    expect(step.filter((t) => t.kind === 'stage-change')).toMatchObject([{ from: 'greet', to: 'greet', via: 'loop', edgeId: 'e_greet_loop' }]);
    await expect(page.getByTestId('stage-node-greet')).toHaveAttribute('data-current', 'true');
  }
  await expect(page.getByTestId('sim-agent-line').filter({ hasText: looping })).toHaveCount(0);

  await say(page, 'Nice weather today');
  const s = await session(page);
  const step = stepEntries(s.trace, s.turn);
  expect(step.filter((t) => t.kind === 'stage-change')).toMatchObject([
    { from: 'greet', to: 'greet', via: 'loop', edgeId: 'e_greet_loop' },
    { from: 'greet', to: 'goodbye', via: 'looping' },
  ]);
  expect(step.filter((t) => t.kind === 'note').map((t) => t.message)).toContain('looping threshold 3 reached on greet; kpis: intent_not_detected');
  // Said by the runtime: in the transcript, and in no model's answer.
  expect(s.transcript).toContainEqual(expect.objectContaining({ text: looping }));
  expect(s.trace.filter((t: any) => t.kind === 'model-call' && t.response?.text?.includes(looping))).toEqual([]);
  // Entering goodbye (no edges) made one reply call, which read the runtime's line as the agent's own.
  const goodbye = (await mockRequests(request)).at(-1)!.body;
  expect(goodbye.tool_choice ?? 'none').toBe('none');
  expect(goodbye.messages.filter((m: any) => m.role === 'assistant').at(-1).content).toBe(looping);
  expect(s.changeLog.filter((c: any) => c.field === 'stage').at(-1)).toMatchObject({ prev: 'greet', next: 'goodbye', author: 'looping' });
  expect(s.ended).toBe(true);

  const chat = page.getByTestId('sim-chat');
  // The runtime said it, so the chat marks it as the runtime's line, not the agent's.
  await expect(chat.getByTestId('sim-runtime-looping').filter({ hasText: looping })).toHaveCount(1);
  await expect(chat.getByTestId('sim-agent-line').filter({ hasText: looping })).toHaveCount(0);
  await expect(chat.getByTestId('sim-stage-change').last()).toContainText('goodbye');
  await expect(chat.getByTestId('sim-stage-change').last()).toContainText("by the block's looping threshold");
  await expect(page.getByTestId('stage-node-goodbye')).toHaveAttribute('data-current', 'true');
  await expect(page.getByTestId('sim-ended')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/h6-block-agent-looping.png` });
  await page.getByTestId('dock-tab-turns').click();
  await expect(page.locator('[data-testid="step-event"][data-kind="note"]', { hasText: 'looping threshold 3 reached on greet' })).toBeVisible();
  await expect(page.getByTestId('edge-decision').last()).toContainText('greet → goodbye');
});

// The looping message is pushed as an ordinary agent line (src/runtimes/block-agent/engine/step.ts,
// tryEdges: `{ kind: 'agent', text }`), so the chat shows it as the model's words; a runtime line
// (kind 'runtime', as announce and confirm are) has no source for looping yet (src/simulator/types.ts).
test('the reply call and the tools call run at the same time: the step takes about one call, not two', async ({ page, request }) => {
  const DELAY = 600;
  await scriptMock(request, [
    { match: { toolChoice: 'required' }, reply: { toolCalls: [INTENT] }, delayMs: DELAY },
    { match: { toolChoice: 'none', lastUserIncludes: 'limpieza' }, reply: { text: 'Claro. ¿Su nombre?' }, delayMs: DELAY },
    REPLY,
  ]);
  await useMockLlm(page);
  await say(page, 'Necesito una limpieza');
  await expect(page.getByTestId('sim-agent-line').last()).toHaveText(/Claro\. ¿Su nombre\?/);

  const s = await session(page);
  const calls = stepEntries(s.trace, s.turn).filter((t) => t.kind === 'model-call');
  expect(calls.map((c) => c.request.purpose)).toEqual(['reply', 'tools']);
  const [reply, toolCall] = calls;
  for (const c of calls) expect(c.ms).toBeGreaterThanOrEqual(DELAY - 20);
  // Both started before either ended: they overlap.
  expect(Math.max(reply.at, toolCall.at)).toBeLessThan(Math.min(reply.at + reply.ms, toolCall.at + toolCall.ms));
  const wall = Math.max(reply.at + reply.ms, toolCall.at + toolCall.ms) - Math.min(reply.at, toolCall.at);
  const slower = Math.max(reply.ms, toolCall.ms);
  expect(wall).toBeLessThan(1.15 * slower + 100);
  expect(wall).toBeLessThan(reply.ms + toolCall.ms - DELAY / 2);
  // The mock saw both requests arrive before it answered either.
  const received = (await mockRequests(request)).filter((r) => JSON.stringify(r.body.messages).includes('limpieza')).map((r) => (r as unknown as { receivedAt: number }).receivedAt);
  expect(received).toHaveLength(2);
  expect(Math.abs(received[0] - received[1])).toBeLessThan(DELAY);

  // The turn inspector draws both bars on one axis, overlapping.
  await page.getByTestId('dock-tab-turns').click();
  await expect(page.getByTestId('call-row')).toHaveText([/1\s*reply/, /2\s*tools/]);
  const bars = page.getByTestId('axis-bar');
  const [a, b] = [(await bars.nth(0).boundingBox())!, (await bars.nth(1).boundingBox())!];
  expect(Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)).toBeGreaterThan(0.8 * Math.min(a.width, b.width));
  expect(b.y).toBeGreaterThanOrEqual(a.y + a.height);
  await page.screenshot({ path: `${SHOTS}/h6-block-agent.png` });
});
