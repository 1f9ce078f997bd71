// The entry points over both engines: dispatch, sessions, scripts, and a step's events in order.
import { describe, expect, it } from 'vitest';
import type { AgentDocument } from '../model';
import { mockToolRunner, scriptedToolRunner } from './mock-runner';
import { newSession } from './session';
import { runScript, runStep, sessionEvents, startSession, type SimEvent } from './simulation';
import { answer, sampleAgent, say, scriptedModel, type Scripted } from './testing';
import type { Session, StepDeps } from './types';

const pinecall = sampleAgent();
const blockAgent: AgentDocument = { ...sampleAgent(), target: 'block-agent' };
const deps = (script: Scripted[], more: Partial<StepDeps> = {}) => {
  const model = scriptedModel(script);
  return { model, deps: { model, runner: mockToolRunner, revision: 1, now: () => 1, ...more } satisfies StepDeps };
};
const slot = { id: 'Mon-0', when: 'Monday 09:00', professional: 'Dr. Vega' };
const bookingRunner = () => scriptedToolRunner({
  free_slots: { result: [slot], writes: { searches: 1, slots: [slot] } },
  book: { result: slot, writes: { booking_when: slot.when } },
});

describe('startSession and runStep', () => {
  it('opens on the entry stage with initial values for declared fields only', () => {
    const s = startSession(pinecall, { initialState: { caller_name: 'Ana', stranger: 1 } });
    expect(s).toEqual({ ...newSession(pinecall), state: { ...newSession(pinecall).state, caller_name: 'Ana' } });
  });

  it("a wait answer in Pinecall is only a trace note", async () => {
    const s = startSession(pinecall);
    const { model, deps: d } = deps([]);
    const out = await runStep(pinecall, s, { kind: 'wait', token: 'ehr_lookup', value: 'verified' }, d);
    expect(model.requests).toEqual([]);
    expect(out).toEqual({ ...s, trace: [expect.objectContaining({ kind: 'note', message: expect.stringContaining('Pinecall has no wait stages') })] });
  });

  it("'open' makes the agent speak first, in either runtime", async () => {
    for (const doc of [pinecall, blockAgent]) {
      const { model, deps: d } = deps([say('Clínica Norte, hello.')]);
      const out = await runStep(doc, startSession(doc), { kind: 'open' }, d);
      expect(out.transcript).toEqual([{ kind: 'agent', text: 'Clínica Norte, hello.' }]);
      expect(model.requests[0].purpose).toBe(doc.target === 'pinecall' ? 'agent' : 'reply');
    }
  });

  it('runs the runtime it is asked for, whatever the target', async () => {
    const { model, deps: d } = deps([say('Hi'), answer('', ['caller_intent_not_yet_detected', {}]), say('no')]);
    await runStep(pinecall, startSession(pinecall), { kind: 'say', text: 'hi' }, d, 'block-agent');
    expect(model.requests.map((r) => r.purpose)).toEqual(['reply', 'tools', 'condition']);
  });
});

describe('runScript', () => {
  it('answers wait tokens from `waits`, stops when the call ends, and ends with an end event', async () => {
    const { model, deps: d } = deps([
      say('Hi!'), answer('', ['is_schedule_appointment', { schedule_appointment: true, intent_utterance: 'cleaning' }]),
      say('Thanks'), answer('', ['collect_identity', { caller_name: 'Ana Ruiz', phone: '600111222' }]), say('One moment.'),
      say('Goodbye, Ana.'),
    ]);
    const events: SimEvent[] = [];
    const out = await runScript(blockAgent, { says: ['a cleaning', 'Ana Ruiz, 600111222', 'never said'], waits: { ehr_lookup: 'not found' } }, d, (e) => events.push(e));
    expect(out.ended).toBe(true);
    expect(out.stageId).toBe('s_goodbye');
    expect(model.requests).toHaveLength(6);
    expect(events.filter((e) => e.type === 'say' && e.who === 'caller').map((e) => (e.type === 'say' ? e.text : ''))).toEqual(['a cleaning', 'Ana Ruiz, 600111222']);
    expect(events.at(-1)).toEqual({ type: 'end' });
    expect(events).toContainEqual({ type: 'stage', from: 'verify', to: 'goodbye', via: 'e_verify_goodbye' });
  });

  it('leaves a wait stage without an answer waiting, and the script still ends', async () => {
    const { model, deps: d } = deps([
      say('Sure.'), answer('', ['is_schedule_appointment', { schedule_appointment: true, intent_utterance: 'cleaning' }]),
      say('Thanks'), answer('', ['collect_identity', { caller_name: 'Ana', phone: '600111222' }]), say('One moment.'),
    ]);
    const events: SimEvent[] = [];
    const out = await runScript(blockAgent, { says: ['a cleaning', 'Ana, 600111222'], waits: { other_token: 'x' }, initialState: { caller_name: 'Ann' } }, d, (e) => events.push(e));
    expect(out).toMatchObject({ stageId: 's_verify', ended: false });
    expect(model.requests).toHaveLength(5);
    expect(events).toContainEqual({ type: 'change', seq: 4, turn: 2, field: 'caller_name', prev: '***', next: '***', author: 'collect_identity' });
    expect(events.at(-1)).toEqual({ type: 'end' });
  });

  it('stops at a failed call with an error event and no end', async () => {
    const events: SimEvent[] = [];
    const out = await runScript(pinecall, { says: ['hi', 'hello?'], agentFirst: true }, deps([say('Hello.'), new Error('server error 500')]).deps, (e) => events.push(e));
    expect(events).toEqual([{ type: 'say', who: 'agent', text: 'Hello.' }, { type: 'say', who: 'caller', text: 'hi' }, { type: 'error', message: 'server error 500' }]);
    expect(out.failure).toMatchObject({ message: 'server error 500' });
  });
});

describe('sessionEvents', () => {
  it('lists a Pinecall booking step in the order it happened, pii masked', async () => {
    const before: Session = { ...startSession(pinecall), stageId: 's_choose', state: { ...startSession(pinecall).state, caller_name: 'Ana Ruiz' } };
    const { deps: d } = deps([
      answer('', ['free_slots', { day: 'Monday', visit: 'cleaning' }]),
      answer('Booking it.', ['book', { slot: 'Mon-0' }]),
      say('See you Monday!'),
    ], { runner: bookingRunner() });
    const after = await runStep(pinecall, before, { kind: 'say', text: 'Monday, a cleaning' }, d);
    const [c1, c2] = after.transcript.filter((l) => l.kind === 'tool-call').map((l) => (l.kind === 'tool-call' ? l.id : ''));
    expect(sessionEvents(before, after, pinecall)).toEqual([
      { type: 'say', who: 'caller', text: 'Monday, a cleaning' },
      { type: 'tool_call', id: c1, name: 'free_slots', args: { day: 'Monday', visit: 'cleaning' } },
      { type: 'say', who: 'runtime', text: 'Let me check the agenda.' },
      { type: 'tool_result', id: c1, name: 'free_slots', result: [slot] },
      { type: 'change', seq: 1, turn: 1, field: 'searches', prev: 0, next: 1, author: 'free_slots' },
      { type: 'change', seq: 2, turn: 1, field: 'slots', prev: [], next: [slot], author: 'free_slots' },
      { type: 'say', who: 'agent', text: 'Booking it.' },
      { type: 'tool_call', id: c2, name: 'book', args: { slot: 'Mon-0' } },
      { type: 'tool_result', id: c2, name: 'book', result: slot },
      { type: 'change', seq: 3, turn: 1, field: 'booking_when', prev: '', next: 'Monday 09:00', author: 'book' },
      { type: 'say', who: 'runtime', text: 'Booked: Monday 09:00 with Dr. Vega.' },
      { type: 'stage', from: 'choose', to: 'goodbye', via: 'book' },
      { type: 'change', seq: 4, turn: 1, field: 'stage', prev: 'choose', next: 'goodbye', author: 'book' },
      { type: 'say', who: 'agent', text: 'See you Monday!' },
    ]);
  });

  it('lists a Block Agent step: reply, tool calls, captures (pii masked), runs, the move', async () => {
    const before: Session = { ...startSession(blockAgent), stageId: 's_identity' };
    const { deps: d } = deps([say('Thanks, Ana.'), answer('', ['collect_identity', { caller_name: 'Ana Ruiz', phone: '600111222' }], ['nope', {}]), say('One moment.')]);
    const after = await runStep(blockAgent, before, { kind: 'say', text: 'Ana Ruiz, 600111222' }, d);
    const events = sessionEvents(before, after, blockAgent).map((e) => ('id' in e ? { ...e, id: 'ID' } : e));
    expect(events).toEqual([
      { type: 'say', who: 'caller', text: 'Ana Ruiz, 600111222' },
      { type: 'say', who: 'agent', text: 'Thanks, Ana.' },
      { type: 'tool_call', id: 'ID', name: 'collect_identity', args: { caller_name: '***', phone: '***' } },
      { type: 'tool_call', id: 'ID', name: 'nope', args: {} },
      { type: 'change', seq: 1, turn: 1, field: 'caller_name', prev: '***', next: '***', author: 'collect_identity' },
      // The capture `phone` is no state field's name, but collect_identity lists it in its pii: masked too (model/pii.ts).
      { type: 'change', seq: 2, turn: 1, field: 'phone', prev: '***', next: '***', author: 'collect_identity' },
      { type: 'tool_result', id: 'ID', name: 'collect_identity', result: { caller_name: '***', phone: '***' } },
      { type: 'tool_result', id: 'ID', name: 'nope', error: 'nope: no tool of that name is offered in this block: nothing captured' },
      { type: 'stage', from: 'identify', to: 'verify', via: 'e_identify_verify' },
      { type: 'change', seq: 3, turn: 1, field: 'stage', prev: 'identify', next: 'verify', author: 'e_identify_verify' },
      { type: 'say', who: 'agent', text: 'One moment.' },
    ]);
  });

  it('shows no tool calls of an answer that was not used, and says the error once', async () => {
    const before = startSession(blockAgent);
    const after = await runStep(blockAgent, before, { kind: 'say', text: 'hi' }, deps([new Error('reply failed'), answer('', ['caller_intent_not_yet_detected', {}])]).deps);
    expect(sessionEvents(before, after, blockAgent)).toEqual([{ type: 'say', who: 'caller', text: 'hi' }, { type: 'error', message: 'reply failed' }]);
    expect(sessionEvents(after, after, blockAgent)).toEqual([]);
  });
});
