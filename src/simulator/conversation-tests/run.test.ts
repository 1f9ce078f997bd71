// Running conversation tests on the engine with a scripted model: mocks, waits, call facts, the
// agent opening, failures, and suites with pass rates.
import { describe, expect, it } from 'vitest';
import type { AgentDocument } from '../../model';
import { scriptedToolRunner } from '../mock-runner';
import { answer, sampleAgent, say, scriptedModel, type Scripted } from '../testing';
import type { StepDeps, ToolRunner } from '../types';
import { runConversationTest, runSuite } from './run';
import type { ConversationTest, TestRunResult } from './types';

const slot = { id: 'Mon-0', when: 'Monday 09:00', professional: 'Dr. Vega' };
/** The sample (Pinecall, the agent opens) standing on `choose`, so one caller line books. */
const atChoose = (): AgentDocument => ({ ...sampleAgent(), entryStageId: 's_choose' });
const blockAgent = (): AgentDocument => ({ ...sampleAgent(), target: 'block-agent' });
const depsWith = (script: Scripted[], runner: ToolRunner = scriptedToolRunner({})): StepDeps => ({ model: scriptedModel(script), runner, revision: 0, now: () => 0 });
const bookingScript = (): Scripted[] => [
  say('Clínica Norte, hello.'),
  answer('', ['free_slots', { day: 'Monday', visit: 'cleaning' }]),
  answer('Booking it.', ['book', { slot: 'Mon-0' }]),
  say('See you Monday!'),
];
const bookingTest: ConversationTest = {
  name: 'books-monday',
  input: ['A cleaning on Monday'],
  mocks: { free_slots: [slot], book: slot },
  expect: { tools: ['free_slots', 'book'], says: ['booked: monday 09:00', 'see you'], stage: 'goodbye', state: { booking_when: '' } },
};

describe('runConversationTest', () => {
  it('mocked tools return their mock without running or writing, and the agent opens first', async () => {
    const runner = scriptedToolRunner({ free_slots: { result: [], writes: { searches: 9 } } });
    const doc = atChoose();
    const before = structuredClone(doc);
    const result = await runConversationTest(doc, bookingTest, depsWith(bookingScript(), runner));
    expect(result.error).toBeUndefined();
    expect(result.expectations.filter((e) => !e.passed)).toEqual([]);
    expect(result).toMatchObject({ test: 'books-monday', passed: true });
    expect(runner.calls).toEqual([]);
    expect(result.session.state).toMatchObject({ searches: 0, booking_when: '' });
    expect(result.session.transcript[0]).toEqual({ kind: 'agent', text: 'Clínica Norte, hello.' });
    expect(doc).toEqual(before);
  });

  it('an unmocked tool runs as usual and its writes count', async () => {
    const runner = scriptedToolRunner({ book: { result: slot, writes: { booking_when: slot.when } } });
    const test = { ...bookingTest, mocks: { free_slots: [slot] }, expect: { tools: ['book'], state: { booking_when: 'Monday 09:00' } } };
    const result = await runConversationTest(atChoose(), test, depsWith(bookingScript(), runner));
    expect(result.passed).toBe(true);
    expect(runner.calls.map((c) => c.tool)).toEqual(['book']);
  });

  it('a mocked Block Agent tool without implementation still returns the mock', async () => {
    const doc = { ...blockAgent(), entryStageId: 's_greet', opening: 'caller' as const };
    const script = [say('Hi!'), answer('', ['is_schedule_appointment', { schedule_appointment: true, intent_utterance: 'a cleaning' }])];
    const result = await runConversationTest(doc, { name: 'intent', input: ['a cleaning'], mocks: { is_schedule_appointment: { ok: 'mocked' } }, expect: { tools: ['is_schedule_appointment'], stage: 'identify' } }, depsWith(script));
    expect(result.passed).toBe(true);
    expect(result.session.trace).toContainEqual(expect.objectContaining({ kind: 'tool-run', tool: 'is_schedule_appointment', result: { ok: 'mocked' }, writes: {} }));
  });

  it('merges test.call over deps.call for the tools, and starts from test.state', async () => {
    const seen: Record<string, unknown>[] = [];
    const runner: ToolRunner = { run: async (_tool, _args, state, call) => (seen.push({ call, booking_when: state.booking_when }), { result: slot, writes: {}, logs: [] }) };
    const deps = { ...depsWith(bookingScript(), runner), call: { today: '2026-12-01', caller: '+1555' } };
    const test = { ...bookingTest, state: { booking_when: 'earlier' }, call: { caller: '+34600' }, mocks: undefined, expect: { state: { booking_when: 'earlier' } } };
    const result = await runConversationTest(atChoose(), test, deps);
    expect(result.passed).toBe(true);
    expect(seen).toEqual([
      { call: { today: '2026-12-01', caller: '+34600' }, booking_when: 'earlier' },
      { call: { today: '2026-12-01', caller: '+34600' }, booking_when: 'earlier' },
    ]);
  });

  it('start: {stage, state} opens on that stage with start.state over test.state, and the chat note says so', async () => {
    const doc = sampleAgent(); // the entry is greet: without start, one line would not book
    const test: ConversationTest = { ...bookingTest, state: { booking_when: 'x', searches: 2 }, start: { stage: 'choose', state: { booking_when: '' } } };
    const result = await runConversationTest(doc, test, depsWith(bookingScript()));
    expect(result.expectations.filter((e) => !e.passed)).toEqual([]);
    expect(result.passed).toBe(true);
    expect(result.session.state).toMatchObject({ searches: 2 });
    expect(result.session.trace[0]).toMatchObject({ kind: 'note', chat: true, message: 'Started at choose with booking_when = "", searches = 2.' });
  });

  it('a start stage the agent lacks fails the run with the test, the stage and the stages there are; nothing runs', async () => {
    const runner = scriptedToolRunner({});
    const result = await runConversationTest(sampleAgent(), { ...bookingTest, start: { stage: 'checkout' } }, depsWith(bookingScript(), runner));
    expect(result.passed).toBe(false);
    expect(result.error).toBe("test books-monday starts at stage checkout, which the agent does not have (stages: greet, identify, verify, choose, goodbye); write a stage's name in start.stage");
    expect(result.session.transcript).toEqual([]);
  });

  it('answers wait tokens from test.waits (Block Agent)', async () => {
    const script = [
      say('Clínica Norte, hello.'),
      say('Hi!'), answer('', ['is_schedule_appointment', { schedule_appointment: true, intent_utterance: 'cleaning' }]),
      say('Thanks'), answer('', ['collect_identity', { caller_name: 'Ana Ruiz', phone: '600111222' }]), say('One moment.'),
      say('Sorry, we could not find you. Goodbye.'),
    ];
    const test: ConversationTest = { name: 'not-found', input: ['a cleaning', 'Ana Ruiz, 600111222'], waits: { ehr_lookup: 'not found' }, expect: { stage: 'goodbye', says: ['could not find you'], tools: ['collect_identity'] } };
    const result = await runConversationTest(blockAgent(), test, depsWith(script));
    expect(result.expectations.filter((e) => !e.passed)).toEqual([]);
    expect(result.passed).toBe(true);
    expect(result.session.ended).toBe(true);
  });

  it('a failed model call fails the run with `error`, even when the expectations hold', async () => {
    const result = await runConversationTest(atChoose(), { name: 'x', input: ['hi'], expect: { stage: 'choose' } }, depsWith([say('Hello.'), new Error('server error 500')]));
    expect(result).toMatchObject({ passed: false, error: 'step 2: server error 500' });
    expect(result.expectations).toEqual([expect.objectContaining({ rule: 'stage', passed: true })]);
  });

  it('never throws: an engine error becomes `error`, with the session as far as it got', async () => {
    const deps = { ...depsWith(bookingScript()), onProgress: () => { throw new Error('panel broke'); } };
    const result = await runConversationTest(atChoose(), bookingTest, deps);
    expect(result).toMatchObject({ passed: false, error: 'the engine stopped: panel broke' });
  });

  it('a stopped run fails (the abort signal reaches the model call)', async () => {
    const stop = new AbortController();
    stop.abort();
    const model = { complete: async (r: { signal?: AbortSignal }) => { if (r.signal?.aborted) throw new Error('stopped'); return say('hi'); } };
    const result = await runConversationTest(atChoose(), bookingTest, { ...depsWith([]), model }, { signal: stop.signal });
    expect(result.passed).toBe(false);
    expect(result.error).toMatch(/stopped/i);
  });

  it('times the run with the injected clock', async () => {
    let t = 100;
    const result = await runConversationTest(atChoose(), bookingTest, depsWith(bookingScript()), { now: () => (t += 5) });
    expect(result.ms).toBeGreaterThan(0);
  });
});

describe('runSuite', () => {
  it('runs each test N times with fresh deps; one failed run of 3 passes 2', async () => {
    let made = 0;
    const makeDeps = () => depsWith(++made === 2 ? [say('Hello.'), new Error('overloaded')] : bookingScript());
    const heard: [boolean, { test: string; run: number }][] = [];
    const entries = await runSuite(atChoose(), [bookingTest], makeDeps, { runs: 3, onRun: (r: TestRunResult, at) => heard.push([r.passed, at]) });
    expect(made).toBe(3);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ test: 'books-monday', passes: 2, passRate: 2 / 3 });
    expect(entries[0].runs.map((r) => r.passed)).toEqual([true, false, true]);
    expect(entries[0].runs[1].error).toBe('step 2: overloaded');
    expect(heard).toEqual([[true, { test: 'books-monday', run: 1 }], [false, { test: 'books-monday', run: 2 }], [true, { test: 'books-monday', run: 3 }]]);
  });

  it('runs tests in order, and a test whose expectation fails has pass rate 0', async () => {
    const failing = { ...bookingTest, name: 'wrong-day', expect: { says: ['tuesday'] } };
    const entries = await runSuite(atChoose(), [bookingTest, failing], () => depsWith(bookingScript()), { runs: 2 });
    expect(entries.map((e) => [e.test, e.passes, e.passRate])).toEqual([['books-monday', 2, 1], ['wrong-day', 0, 0]]);
    expect(entries[1].runs[0].expectations).toEqual([expect.objectContaining({ rule: 'says', expected: 'tuesday', passed: false })]);
  });

  it('a run whose deps cannot be made fails and the suite goes on', async () => {
    let made = 0;
    const makeDeps = async () => { if (++made === 1) throw new Error('no key'); return depsWith(bookingScript()); };
    const [entry] = await runSuite(atChoose(), [bookingTest], makeDeps, { runs: 2 });
    expect(entry.runs.map((r) => [r.passed, r.error])).toEqual([[false, 'could not set the run up: no key'], [true, undefined]]);
  });

  it('stops starting runs once the signal aborts', async () => {
    const stop = new AbortController();
    const entries = await runSuite(atChoose(), [bookingTest, { ...bookingTest, name: 'second' }], () => depsWith(bookingScript()), { runs: 3, signal: stop.signal, onRun: () => stop.abort() });
    expect(entries.map((e) => e.runs.length)).toEqual([1, 0]);
    expect(entries[1].passRate).toBe(0);
  });
});

describe('the step budget in a conversation test', () => {
  it('reaches the tool runner: a mocking runner passes the deadline on', async () => {
    const seen: (number | undefined)[] = [];
    const runner: ToolRunner = { run: async (_tool, _args, _state, _call, options) => (seen.push(options?.timeoutMs), { result: 'ok', writes: {}, logs: [] }) };
    const doc = sampleAgent();
    const test: ConversationTest = { name: 'budget', input: ['Hi'], mocks: { book: 'mocked' }, expect: {} };
    const args = { schedule_appointment: true, intent_utterance: 'a cleaning' };
    await runConversationTest(doc, test, { ...depsWith([say('Hello'), answer('', ['is_schedule_appointment', args]), say('Bye'), say('Bye')], runner), budgetMs: 700 });
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((ms) => typeof ms === 'number' && ms <= 700)).toBe(true);
  });
});
