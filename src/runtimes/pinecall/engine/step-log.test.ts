// The Pinecall step's change log, errors, edges, limit and skipped features, against a scripted model.
import { describe, expect, it } from 'vitest';
import { lossesFor } from '../../../formats/losses';
import type { AgentDocument, Edge } from '../../../model';
import { mockToolRunner, scriptedToolRunner } from '../../../simulator/mock-runner';
import { displayArguments, displayValue, newSession } from '../../../simulator/session';
import { answer, sampleAgent, say, scriptedModel, type Scripted, sessionAt } from '../../../simulator/testing';
import { MAX_MODEL_CALLS_PER_STEP, type ChatMessage, type Session, type StepDeps } from '../../../simulator/types';
import { historyMessages } from '../../../simulator/messages';
import { pinecallStep } from './step';
import { datePair } from './runtime-words';

const doc = sampleAgent();
const at = (stageId: string, state: Record<string, unknown> = {}): Session => sessionAt(doc, stageId, state);
const deps = (script: Scripted[], more: Partial<StepDeps> = {}) => {
  const model = scriptedModel(script);
  return { model, deps: { model, runner: mockToolRunner, revision: 1, now: () => 5, ...more } satisfies StepDeps };
};
/** The messages after the date pair the runtime opens every history with (tools.py date_pair). */
const turns = (r: { messages: ChatMessage[] }): ChatMessage[] => r.messages.slice(2);
const identity = { caller_name: 'Ana Ruiz', phone: '+34600111222' };

describe('the change log', () => {
  // As the sample's body does: the name and the number go to caller_name and caller_phone.
  const runner = scriptedToolRunner({ collect_identity: { result: 'ok', writes: (args) => ({ caller_name: args.caller_name, caller_phone: args.phone, verified: false }) } });

  it('logs each write authored by the tool, skips same-value writes, and masks pii only in display', async () => {
    const { deps: d } = deps([answer('', ['collect_identity', identity]), say('Thanks, checking.')], { runner });
    const out = await pinecallStep(doc, at('s_identity'), 'Ana Ruiz, +34600111222', d);
    expect(out.changeLog.filter((c) => c.field !== 'stage')).toEqual([
      { seq: 1, turn: 1, field: 'caller_name', prev: '', next: 'Ana Ruiz', author: 'collect_identity', at: 5 },
      { seq: 2, turn: 1, field: 'caller_phone', prev: '', next: '+34600111222', author: 'collect_identity', at: 5 },
    ]); // verified: false was already false: nothing logged
    expect(out.state).toMatchObject({ caller_name: 'Ana Ruiz', caller_phone: '+34600111222' });
    expect(displayValue(doc, 'caller_name', 'Ana Ruiz')).toBe('***');
    expect(displayValue(doc, 'caller_phone', '+34600111222')).toBe('***');
    expect(displayValue(doc, 'verified', true)).toBe('true');
    const tool = doc.tools.find((t) => t.name === 'collect_identity')!;
    expect(displayArguments(tool, identity)).toEqual({ caller_name: '***', phone: '***' });
    // phone is non-empty: the `phone: *` edge moves the call on, authored by the tool.
    expect(out.changeLog.at(-1)).toMatchObject({ seq: 3, field: 'stage', prev: 'identify', next: 'verify', author: 'collect_identity' });
  });

  it('turns a throw into the error result the model reads, keeping the writes made before it', async () => {
    const throwing = scriptedToolRunner({ free_slots: { error: 'No agenda for Sunday; ask for a weekday.', writes: { searches: 1 } } });
    const { model, deps: d } = deps([answer('', ['free_slots', { day: 'Sunday', visit: 'checkup' }]), say('We are closed on Sundays.')], { runner: throwing });
    const out = await pinecallStep(doc, at('s_choose'), 'Sunday', d);
    expect(turns(model.requests[1]).find((m) => m.role === 'tool')).toMatchObject({ content: 'No agenda for Sunday; ask for a weekday.' });
    expect(out.transcript.find((l) => l.kind === 'tool-result')).toMatchObject({ error: 'No agenda for Sunday; ask for a weekday.' });
    expect(out.changeLog).toEqual([expect.objectContaining({ field: 'searches', prev: 0, next: 1, author: 'free_slots' })]);
    expect(out.transcript.at(-1)).toEqual({ kind: 'agent', text: 'We are closed on Sundays.' });
  });

  it('refuses a declared tool the stage does not open now in the runtime\'s words, running nothing', async () => {
    // pinecall/runtime session/tools.py admitted(): NOT_AVAILABLE = "{name} is not available now".
    const runner = scriptedToolRunner({});
    const { model, deps: d } = deps([answer('', ['book', { slot: 'a' }]), say('Which day?')], { runner });
    const out = await pinecallStep(doc, at('s_greet'), 'book a', d);
    expect(runner.calls).toEqual([]);
    expect(out.changeLog).toEqual([]);
    expect(turns(model.requests[1]).find((m) => m.role === 'tool')).toEqual({ role: 'tool', toolCallId: expect.any(String), name: 'book', content: 'book is not available now' });
    expect(out.trace).toContainEqual(expect.objectContaining({ kind: 'check-failed', tool: 'book', message: 'book is not available now' }));
  });

  it('near miss: a name the class does not declare at all is no closed tool, and keeps Callboard\'s own answer', async () => {
    const runner = scriptedToolRunner({});
    const { model, deps: d } = deps([answer('', ['cancel_everything', {}]), say('Which day?')], { runner });
    await pinecallStep(doc, at('s_greet'), 'cancel', d);
    expect(runner.calls).toEqual([]);
    const read = turns(model.requests[1]).find((m) => m.role === 'tool');
    expect(read).toMatchObject({ content: 'cancel_everything: no tool of that name is offered now; use one of the tools listed' });
    expect(read?.content).not.toMatch(/is not available now/);
  });

  it('treats a runner that throws as the tool throwing', async () => {
    const broken = { run: async () => { throw new Error('out of memory'); } };
    const { model, deps: d } = deps([answer('', ['end_call', {}]), say('Bye.')], { runner: broken });
    await pinecallStep(doc, at('s_goodbye'), 'bye', d);
    expect(turns(model.requests[1]).find((m) => m.role === 'tool')).toMatchObject({ content: 'out of memory' });
  });
});

describe('edges', () => {
  const early: Edge = { id: 'e_early', from: 's_greet', to: 's_goodbye', kind: 'edge', conditions: [{ kind: 'tool', toolId: 't_intent', field: 'intent_utterance', expected: 'Wrong Number' }] };
  const withEarly: AgentDocument = { ...doc, edges: [early, ...doc.edges] };
  const intent = (utterance: string) => answer('', ['is_schedule_appointment', { schedule_appointment: true, intent_utterance: utterance }]);

  it('tries the edges this tool fires in order: the first that holds wins, compared case-insensitively', async () => {
    const first = await pinecallStep(withEarly, at('s_greet'), 'wrong number', deps([intent('WRONG NUMBER'), say('Sorry!')]).deps);
    expect(first.stageId).toBe('s_goodbye');
    expect(first.trace).toContainEqual(expect.objectContaining({ kind: 'stage-change', edgeId: 'e_early' }));
    const second = await pinecallStep(withEarly, at('s_greet'), 'a cleaning', deps([intent('a cleaning'), say('Your name?')]).deps);
    expect(second.stageId).toBe('s_identity');
  });

  it('does not move when the value differs, nor when the tool is not the one the edge names', async () => {
    const no = answer('', ['is_schedule_appointment', { schedule_appointment: false, intent_utterance: 'hours?' }]);
    expect((await pinecallStep(doc, at('s_greet'), 'hours?', deps([no, say('9 to 5.')]).deps)).stageId).toBe('s_greet');
    const other = answer('', ['caller_intent_not_yet_detected', {}]);
    expect((await pinecallStep(doc, at('s_greet'), 'hmm', deps([other, say('How can I help?')]).deps)).stageId).toBe('s_greet');
  });

  it('decides an expression condition through the injected evaluator', async () => {
    const evaluate = (source: string, s: Readonly<Record<string, unknown>>) => source === 'searches >= 3' && (s.searches as number) >= 3;
    const runner = scriptedToolRunner({ free_slots: { result: [], writes: (_a, s) => ({ searches: (s.searches as number) + 1 }) } });
    const search = () => answer('', ['free_slots', { day: 'Monday', visit: 'checkup' }]);
    const stays = await pinecallStep(doc, at('s_choose', { searches: 1 }), 'Monday', deps([search(), say('Nothing.')], { runner, evaluate }).deps);
    expect(stays.stageId).toBe('s_choose');
    const leaves = await pinecallStep(doc, at('s_choose', { searches: 2 }), 'Monday', deps([search(), say('Sorry.')], { runner, evaluate }).deps);
    expect(leaves.stageId).toBe('s_goodbye');
    expect(leaves.changeLog.map((c) => c.field)).toEqual(['searches', 'stage']);
  });

  it('honours a body that assigns this.stage itself', async () => {
    const runner = scriptedToolRunner({ caller_intent_not_yet_detected: { result: null, writes: { stage: 'goodbye' } } });
    const out = await pinecallStep(doc, at('s_greet'), 'bye', deps([answer('', ['caller_intent_not_yet_detected', {}]), say('Bye.')], { runner }).deps);
    expect(out.stageId).toBe('s_goodbye');
  });
});

describe('limits, failures and skipped features', () => {
  it('stops after 8 model calls in one step and says so', async () => {
    const loop = Array.from({ length: MAX_MODEL_CALLS_PER_STEP }, () => answer('', ['end_call', {}]));
    const { model, deps: d } = deps([...loop, say('never asked')]);
    const out = await pinecallStep(doc, at('s_goodbye'), 'bye', d);
    expect(model.requests).toHaveLength(MAX_MODEL_CALLS_PER_STEP);
    expect(out.trace.at(-1)).toMatchObject({ kind: 'limit', message: expect.stringContaining('8 model calls') });
  });

  it('keeps the writes made before a failed model call, and leaves a consistent session', async () => {
    const slots = [{ id: 'a' }];
    const runner = scriptedToolRunner({ free_slots: { result: slots, writes: { slots } } });
    const { deps: d } = deps([answer('', ['free_slots', { day: 'Tuesday', visit: 'cleaning' }]), new Error('429 rate limited')], { runner });
    const before = at('s_choose');
    const out = await pinecallStep(doc, before, 'Tuesday', d);
    expect(out.state.slots).toEqual(slots);
    expect(out.changeLog).toHaveLength(1);
    expect(out.stageId).toBe('s_choose');
    expect(out.trace).toContainEqual(expect.objectContaining({ kind: 'note', message: 'expression searches >= 3 not evaluated (no sandbox yet): taken as false' }));
    expect(out.trace.at(-1)).toMatchObject({ kind: 'model-call', call: 2, error: '429 rate limited' });
    expect(out.transcript.at(-1)).toMatchObject({ kind: 'tool-result', name: 'free_slots' });
    // Every tool call has its result, so the next step's history is one a provider accepts.
    const calls = historyMessages(out.transcript).flatMap((m) => (m.role === 'assistant' ? (m.toolCalls ?? []).map((c) => c.id) : []));
    const results = historyMessages(out.transcript).flatMap((m) => (m.role === 'tool' ? [m.toolCallId] : []));
    expect(results).toEqual(calls);
    expect(before.state.slots).toEqual([]);
    const next = await pinecallStep(doc, out, 'Tuesday?', deps([say('I have slot a.')], { runner }).deps);
    expect(next.turn).toBe(2);
  });

  it('fails the first model call without changing anything but the caller line and the trace', async () => {
    const out = await pinecallStep(doc, at('s_greet'), 'hi', deps([new Error('network down')]).deps);
    expect(out.transcript).toEqual([{ kind: 'caller', text: 'hi' }]);
    expect(out.changeLog).toEqual([]);
    expect(out.stageId).toBe('s_greet');
  });

  it('traces the features Pinecall skips in the current stage, from lossesFor', async () => {
    const greet = await pinecallStep(doc, at('s_greet'), 'hi', deps([say('Hello!')], { losses: lossesFor }).deps);
    const skipped = greet.trace.filter((t) => t.kind === 'skipped').map((t) => (t.kind === 'skipped' ? t.feature : ''));
    expect(skipped).toEqual(expect.arrayContaining(['loop edge', 'block looping']));
    const verify = await pinecallStep(doc, at('s_verify'), 'ok', deps([say('One moment.')], { losses: lossesFor }).deps);
    const features = verify.trace.flatMap((t) => (t.kind === 'skipped' ? [t.feature] : []));
    expect(features).toEqual(expect.arrayContaining(['wait stage', 'mcp tool']));
    expect(verify.trace.find((t) => t.kind === 'skipped')).toMatchObject({ message: expect.stringContaining('is not expressed in Pinecall') });
  });

  it('opens the call with a model call and no caller line when the agent speaks first', async () => {
    const { model, deps: d } = deps([say('Clínica Norte, good morning!')], { call: { today: '2026-05-06' } });
    const out = await pinecallStep(doc, newSession(doc), null, d);
    // Nothing but the runtime's date pair, which opens the history before the greeting (session.py _opened).
    expect(model.requests[0].messages).toEqual(datePair('2026-05-06'));
    expect(out.transcript).toEqual([{ kind: 'agent', text: 'Clínica Norte, good morning!' }]);
  });
});
