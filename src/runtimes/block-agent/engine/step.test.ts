// The Block Agent step, rule by rule (formats/block-agent.md, "The step, exactly as Callboard
// simulates it"), against a scripted model on the sample agent.
import { describe, expect, it } from 'vitest';
import type { AgentDocument } from '../../../model';
import { mockToolRunner, scriptedToolRunner } from '../../../simulator/mock-runner';
import { newSession } from '../../../simulator/session';
import { answer, sampleAgent, say, scriptedModel, type Scripted, sessionAt } from '../../../simulator/testing';
import type { ModelRequest, Session, StepDeps, ToolRunner } from '../../../simulator/types';
import { blockAgentStep } from './step';

const agent = (): AgentDocument => ({ ...sampleAgent(), target: 'block-agent' });
const doc = agent();
const at = (stageId: string, state: Record<string, unknown> = {}): Session => sessionAt(doc, stageId, state);
const deps = (script: Scripted[], more: Partial<StepDeps> = {}) => {
  const model = scriptedModel(script);
  return { model, deps: { model, runner: mockToolRunner as ToolRunner, revision: 3, now: () => 500, ...more } satisfies StepDeps };
};
const toolNames = (r: ModelRequest) => r.tools.map((t) => t.name);
/** The scripted model answers in the order requests arrive: reply first, then the tool call. */
const NO_INTENT = answer('', ['caller_intent_not_yet_detected', {}]);

describe('the two parallel calls', () => {
  it('makes the reply call without tools and the tool call with the block tools, required, at the same moment', async () => {
    const { model, deps: d } = deps([say('Hi, how can I help?'), answer('', ['is_schedule_appointment', { schedule_appointment: false, intent_utterance: 'hello' }]), say('no')]);
    const out = await blockAgentStep(doc, at('s_greet'), 'hello', d);
    const [reply, tool] = model.requests;
    expect(reply.tools).toEqual([]);
    expect(reply.toolChoice).toBe('none');
    expect(toolNames(tool)).toEqual(['is_schedule_appointment', 'caller_intent_not_yet_detected']);
    expect(tool.toolChoice).toBe('required');
    expect(reply.system).toBe(`${doc.persona}\n\nGreet the caller and ask how you can help.`);
    expect(reply.messages).toEqual([{ role: 'user', content: 'hello' }]);
    const calls = out.trace.filter((t) => t.kind === 'model-call');
    expect(calls.slice(0, 2).map((t) => t.at)).toEqual([500, 500]);
    expect(out.transcript).toEqual([{ kind: 'caller', text: 'hello' }, { kind: 'agent', text: 'Hi, how can I help?' }]);
  });

  it('starts both calls before either finishes', async () => {
    let started = 0;
    const startedWhenFinished: number[] = [];
    const model = {
      complete: async (r: ModelRequest) => {
        started++;
        await new Promise((resolve) => setTimeout(resolve, 5));
        startedWhenFinished.push(started);
        return r.toolChoice === 'required' ? NO_INTENT : say('Hello');
      },
    };
    await blockAgentStep(doc, at('s_greet'), 'hi', { model, runner: mockToolRunner, revision: 1 });
    expect(startedWhenFinished[0]).toBe(2); // the second call had started when the first one finished
  });

  it('a failing model call changes nothing by itself', async () => {
    const { deps: d } = deps([new Error('down'), new Error('down'), say('no')]);
    const before = at('s_greet');
    const out = await blockAgentStep(doc, before, 'hi', d);
    expect(out.transcript).toEqual([{ kind: 'caller', text: 'hi' }]);
    expect(out.state).toEqual(before.state);
    expect(out.stageId).toBe('s_greet');
  });
});

describe('captures', () => {
  it('captures every argument of two tools fired at once', async () => {
    const d2 = agent();
    d2.tools.push({ ...structuredClone(d2.tools.find((t) => t.id === 't_identity')!), id: 't_dob', name: 'collect_dob', implementation: undefined, parameters: { type: 'object', properties: { date_of_birth: { type: 'string' } }, required: ['date_of_birth'] } });
    const { deps: d } = deps([say('Thanks'), answer('', ['collect_identity', { caller_name: 'Jane Doe', phone: '5551234567' }], ['collect_dob', { date_of_birth: '1990-05-05' }]), say('ok')]);
    const session = { ...newSession(d2), stageId: 's_identity' };
    const out = await blockAgentStep(d2, session, 'My name is Jane Doe, born May 5 1990, 5551234567', d);
    expect(out.state).toMatchObject({ caller_name: 'Jane Doe', phone: '5551234567', date_of_birth: '1990-05-05' });
    expect(out.changeLog.filter((c) => c.field !== 'stage').map((c) => [c.field, c.author])).toEqual([
      ['caller_name', 'collect_identity'], ['phone', 'collect_identity'], ['date_of_birth', 'collect_dob'],
    ]);
    expect(out.trace).toContainEqual(expect.objectContaining({ kind: 'tool-run', tool: 'collect_identity' }));
  });

  it('a pattern violation captures nothing and the trace says why', async () => {
    const { deps: d } = deps([say('Sorry?'), answer('', ['collect_identity', { caller_name: 'Jane', phone: 'call me' }])]);
    const out = await blockAgentStep(doc, at('s_identity'), 'Jane, call me', d);
    expect(out.state.caller_name).toBe('');
    expect(out.changeLog).toEqual([]);
    const failed = out.trace.find((t) => t.kind === 'check-failed');
    expect(failed).toMatchObject({ tool: 'collect_identity' });
    expect(failed && 'message' in failed ? failed.message : '').toMatch(/pattern/);
    expect(out.stageId).toBe('s_identity');
  });

  it('an enum violation captures nothing', async () => {
    const { deps: d } = deps([say('Which visit?'), answer('', ['free_slots', { day: 'Tuesday', visit: 'surgery' }])]);
    const out = await blockAgentStep(doc, at('s_choose'), 'Tuesday, surgery', d);
    expect(out.state.day).toBeUndefined();
    const failed = out.trace.find((t) => t.kind === 'check-failed');
    expect(failed && 'message' in failed ? failed.message : '').toMatch(/allowed values/);
    expect(out.trace.some((t) => t.kind === 'tool-run')).toBe(false);
  });

  it('an empty string never overwrites an earlier capture', async () => {
    const d2 = agent();
    const identity = d2.tools.find((t) => t.id === 't_identity')!;
    identity.parameters = { type: 'object', properties: { caller_name: { type: 'string' }, phone: { type: 'string', pattern: '^$|^[0-9]{7,15}$' } } };
    identity.implementation = undefined;
    const { deps: d } = deps([say('And your phone?'), answer('', ['collect_identity', { caller_name: '', phone: '' }])]);
    // An earlier turn captured the name and an empty phone (no state field of the sample is named phone: the capture is its own).
    const session = { ...newSession(d2), stageId: 's_identity', state: { ...newSession(d2).state, caller_name: 'Jane Doe', phone: '' } };
    const out = await blockAgentStep(d2, session, 'uh', d);
    expect(out.state.caller_name).toBe('Jane Doe');
    expect(out.changeLog).toEqual([]);
    expect(out.stageId).toBe('s_identity'); // phone '' does not match `*`
  });
});

describe('edges', () => {
  it('the first holding edge wins, in written order (the nlu call is then never made)', async () => {
    const { model, deps: d } = deps([say('Sure!'), answer('', ['is_schedule_appointment', { schedule_appointment: true, intent_utterance: 'a cleaning' }])]);
    const out = await blockAgentStep(doc, at('s_greet'), 'I need a cleaning', d);
    expect(out.stageId).toBe('s_identity');
    expect(model.requests).toHaveLength(2);
    expect(out.trace).toContainEqual(expect.objectContaining({ kind: 'stage-change', from: 'greet', to: 'identify', edgeId: 'e_greet_identify' }));
    expect(out.changeLog).toContainEqual(expect.objectContaining({ field: 'stage', prev: 'greet', next: 'identify', author: 'e_greet_identify' }));
  });

  it('with two holding edges, the one written first wins', async () => {
    const d2 = agent();
    d2.edges = d2.edges.filter((e) => e.from !== 's_choose');
    d2.edges.push(
      { id: 'e_a', from: 's_choose', to: 's_goodbye', kind: 'edge', conditions: [{ kind: 'tool', toolId: 't_book', expected: '*' }] },
      { id: 'e_b', from: 's_choose', to: 's_identity', kind: 'edge', conditions: [{ kind: 'tool', toolId: 't_book', expected: 'x-1' }] },
    );
    const { deps: d } = deps([say('Booked'), answer('', ['book', { slot: 'x-1' }]), say('Bye')]);
    const out = await blockAgentStep(d2, { ...newSession(d2), stageId: 's_choose' }, 'the first one', d);
    expect(out.stageId).toBe('s_goodbye');
  });

  it('a tool condition reads its field, or the first parameter; `*` needs a non-empty value; case-insensitive', async () => {
    const d2 = agent();
    d2.edges = d2.edges.filter((e) => e.from !== 's_choose');
    d2.edges.push({ id: 'e_day', from: 's_choose', to: 's_goodbye', kind: 'edge', conditions: [{ kind: 'tool', toolId: 't_slots', expected: 'TUESDAY' }, { kind: 'tool', toolId: 't_slots', field: 'visit', expected: '*' }] });
    const step = (day: string) => {
      const { deps: d } = deps([say('ok'), answer('', ['free_slots', { day, visit: 'cleaning' }]), say('Bye')]);
      return blockAgentStep(d2, { ...newSession(d2), stageId: 's_choose' }, day, d);
    };
    expect((await step('tuesday')).stageId).toBe('s_goodbye');
    expect((await step('Monday')).stageId).toBe('s_choose');
  });

  it('a tool without parameters matches only `*`, and only when it fired in this step', async () => {
    const d2 = agent();
    d2.edges = d2.edges.filter((e) => e.from !== 's_greet');
    d2.edges.push(
      { id: 'e_x', from: 's_greet', to: 's_identity', kind: 'edge', conditions: [{ kind: 'tool', toolId: 't_not_yet', expected: 'true' }] },
      { id: 'e_star', from: 's_greet', to: 's_choose', kind: 'edge', conditions: [{ kind: 'tool', toolId: 't_not_yet', expected: '*' }] },
    );
    const { deps: d } = deps([say('Hello'), NO_INTENT]);
    expect((await blockAgentStep(d2, { ...newSession(d2), stageId: 's_greet' }, 'hi', d)).stageId).toBe('s_choose');
    const other = deps([say('Hello'), answer('', ['is_schedule_appointment', { schedule_appointment: false, intent_utterance: 'hi' }])]);
    expect((await blockAgentStep(d2, { ...newSession(d2), stageId: 's_greet' }, 'hi', other.deps)).stageId).toBe('s_greet');
  });

  it('makes the nlu call only when its edge is reached, over the history', async () => {
    const { model, deps: d } = deps([say('How can I help?'), NO_INTENT, say('No')]);
    const out = await blockAgentStep(doc, at('s_greet'), 'hi there', d);
    expect(model.requests).toHaveLength(3);
    expect(model.requests[2].system).toContain('The caller has not yet said why they are calling.');
    expect(model.requests[2].messages).toEqual([{ role: 'user', content: 'hi there' }, { role: 'assistant', content: 'How can I help?' }]);
    expect(out.stageId).toBe('s_greet');
    expect(out.trace.some((t) => t.kind === 'stage-change')).toBe(false); // no edge held: not counted
  });

  it('an expression condition goes through the injected evaluator', async () => {
    const { deps: d } = deps([say('Let me see'), answer('', ['free_slots', { day: 'Friday', visit: 'checkup' }]), say('Bye')], { evaluate: (src) => src === 'searches >= 3' });
    const out = await blockAgentStep(doc, at('s_choose'), 'Friday', d);
    expect(out.stageId).toBe('s_goodbye');
  });
});

describe('looping', () => {
  it('counts loops and, at the threshold, says the looping message and jumps to connect_to', async () => {
    const turn = [say('How can I help?'), NO_INTENT, say('yes')];
    const { model, deps: d } = deps([...turn, ...turn, ...turn, say('Goodbye!')]);
    let s = at('s_greet');
    s = await blockAgentStep(doc, s, 'hi', d);
    s = await blockAgentStep(doc, s, 'hmm', d);
    expect(s.stageId).toBe('s_greet');
    expect(s.trace.filter((t) => t.kind === 'stage-change' && t.via === 'loop')).toHaveLength(2);
    s = await blockAgentStep(doc, s, 'well', d);
    expect(s.stageId).toBe('s_goodbye');
    expect(s.transcript.slice(-2)).toEqual([{ kind: 'runtime', source: 'looping', tool: 'Greeting', text: 'Let me put you through to the front desk.' }, { kind: 'agent', text: 'Goodbye!' }]);
    expect(s.trace).toContainEqual(expect.objectContaining({ kind: 'note', message: expect.stringContaining('intent_not_detected') }));
    expect(s.ended).toBe(true); // goodbye has no edges
    expect(model.requests).toHaveLength(10);
  });
});

describe('entering stages', () => {
  it('a wait stage makes one reply-only call, then waits for the token answer', async () => {
    const runner = scriptedToolRunner({ collect_identity: { result: { ok: true } } });
    const { model, deps: d } = deps([say('Thanks'), answer('', ['collect_identity', { caller_name: 'Jane Doe', phone: '+5551234567' }]), say('One moment, Jane Doe.')], { runner });
    let s = await blockAgentStep(doc, at('s_identity'), 'Jane Doe, +5551234567', d);
    expect(s.stageId).toBe('s_verify');
    expect(model.requests).toHaveLength(3);
    expect(model.requests[2].tools).toEqual([]);
    expect(model.requests[2].system).toContain('Tell Jane Doe you are checking their record');
    expect(s.transcript.at(-1)).toEqual({ kind: 'agent', text: 'One moment, Jane Doe.' });
    expect(runner.calls).toHaveLength(1);
    expect(s.ended).toBe(false);

    const wrong = await blockAgentStep(doc, s, { waitAnswer: { token: 'other', value: 'verified' } }, d);
    expect(wrong.stageId).toBe('s_verify');

    const more = deps([]);
    s = await blockAgentStep(doc, s, { waitAnswer: { token: 'ehr_lookup', value: 'VERIFIED' } }, more.deps);
    expect(s.stageId).toBe('s_choose');
    expect(more.model.requests).toHaveLength(0); // an ordinary stage says nothing on entry
  });

  it('a stage with no edges makes one reply-only call and ends the call', async () => {
    const d2 = agent();
    d2.edges = d2.edges.filter((e) => e.id !== 'e_verify_choose');
    const { model, deps: d } = deps([say('Goodbye, Jane.')]);
    const s = await blockAgentStep(d2, { ...newSession(d2), stageId: 's_verify' }, { waitAnswer: { token: 'ehr_lookup', value: 'not found' } }, d);
    expect(s.stageId).toBe('s_goodbye');
    expect(model.requests).toHaveLength(1);
    expect(model.requests[0].toolChoice).toBe('none');
    expect(s.transcript).toEqual([{ kind: 'agent', text: 'Goodbye, Jane.' }]);
    expect(s.ended).toBe(true);
    const after = await blockAgentStep(d2, s, 'hello?', deps([]).deps);
    expect(after).toEqual(s);
  });

  it('with the agent opening, the entry stage makes one reply-only call', async () => {
    const { model, deps: d } = deps([say('Clínica Norte, Sofia speaking.')]);
    const s = await blockAgentStep(doc, newSession(doc), null, d);
    expect(model.requests[0].tools).toEqual([]);
    expect(s.transcript).toEqual([{ kind: 'agent', text: 'Clínica Norte, Sofia speaking.' }]);
  });
});
