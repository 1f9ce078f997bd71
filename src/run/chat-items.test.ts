import { describe, expect, it } from 'vitest';
import { sampleAgent } from '../simulator/testing';
import { newSession } from '../simulator/session';
import type { Session, TraceEntry } from '../simulator/types';
import type { SimStepRecord } from '../store/types';
import { chatItems, shownRunGuesses } from './chat-items';
import { piiMasker } from '../simulator/pii-mask';
import { selectCurrentStageId, selectTakenEdgeId } from '../store/follow';

const doc = sampleAgent();
const at = { revision: 1, at: 0 };

/** Step 1: the caller gives a name and phone; collect_identity runs and the stage moves. Step 2: a refused call. */
function twoSteps(): { session: Session; steps: SimStepRecord[] } {
  const start = newSession(doc);
  const afterOne: Session = {
    ...start,
    turn: 1,
    stageId: 's_verify',
    transcript: [
      { kind: 'caller', text: 'Ana Ruiz, 5551234567' },
      { kind: 'tool-call', id: 'c1', name: 'collect_identity', arguments: JSON.stringify({ caller_name: 'Ana Ruiz', phone: '5551234567' }), call: 1 },
      { kind: 'tool-result', id: 'c1', name: 'collect_identity', result: { caller_name: 'Ana Ruiz', phone: '5551234567' }, modelReads: '{"caller_name":"Ana Ruiz","phone":"5551234567"}' },
      { kind: 'agent', text: 'Thanks, checking.' },
    ],
    trace: [
      { step: 1, ...at, kind: 'tool-run', toolCallId: 'c1', tool: 'collect_identity', args: {}, result: {}, logs: ['saved'], writes: {} },
      { step: 1, ...at, kind: 'stage-change', from: 'identify', to: 'verify', via: 'collect_identity', edgeId: 'e_identify_verify' },
    ] as TraceEntry[],
  };
  const afterTwo: Session = {
    ...afterOne,
    turn: 2,
    transcript: [
      ...afterOne.transcript,
      { kind: 'caller', text: 'Tuesday' },
      { kind: 'tool-call', id: 'c2', name: 'free_slots', arguments: '{"day":"Tuesday"}', call: 1 },
      { kind: 'tool-result', id: 'c2', name: 'free_slots', error: 'free_slots: missing visit', modelReads: 'free_slots: missing visit' },
      { kind: 'tool-call', id: 'c3', name: 'free_slots', arguments: '{"day":"Tuesday","visit":"checkup"}', call: 2 },
      { kind: 'tool-result', id: 'c3', name: 'free_slots', result: [1, 2, 3], modelReads: '[1,2]' },
      { kind: 'runtime', text: 'Let me check the agenda.', source: 'announce', tool: 'free_slots' },
    ],
    trace: [
      ...afterOne.trace,
      { step: 2, ...at, kind: 'check-failed', toolCallId: 'c2', tool: 'free_slots', message: 'free_slots: missing visit' },
      { step: 2, ...at, kind: 'tool-run', toolCallId: 'c3', tool: 'free_slots', args: {}, result: [1, 2, 3], logs: [], writes: {} },
    ] as TraceEntry[],
  };
  return {
    session: afterTwo,
    steps: [
      { input: { kind: 'say', text: 'Ana Ruiz, 5551234567' }, before: start, after: afterOne, revision: 1 },
      { input: { kind: 'say', text: 'Tuesday' }, before: afterOne, after: afterTwo, revision: 1 },
    ],
  };
}

describe('chatItems', () => {
  it('assigns each line to its step, and shows a step\'s stage change after its lines', () => {
    const { session, steps } = twoSteps();
    const items = chatItems(doc, session, steps);
    expect(items.map((i) => `${i.turn}:${i.kind}`)).toEqual([
      '1:caller', '1:tool', '1:agent', '1:stage', '2:caller', '2:tool', '2:tool', '2:runtime',
    ]);
    expect(items.filter((i) => i.kind === 'caller').map((i) => i.stepIndex)).toEqual([0, 1]);
  });

  it('masks pii arguments and pii keys in results, never the rest', () => {
    const { session, steps } = twoSteps();
    const identity = chatItems(doc, session, steps).find((i) => i.kind === 'tool' && i.name === 'collect_identity');
    expect(identity).toMatchObject({ status: 'ok', args: { caller_name: '***', phone: '***' }, result: { caller_name: '***', phone: '***' }, logs: ['saved'] });
    expect(JSON.stringify(identity)).not.toContain('Ana');
    expect(piiMasker(doc).value([{ caller_phone: '1', when: 'Tue' }])).toEqual([{ caller_phone: '***', when: 'Tue' }]);
  });

  it('joins a refused call to its check message, and marks a preview cut with what the model reads', () => {
    const { session, steps } = twoSteps();
    const [refused, ran] = chatItems(doc, session, steps).filter((i) => i.kind === 'tool' && i.name === 'free_slots');
    expect(refused).toMatchObject({ status: 'check-failed', check: 'free_slots: missing visit', error: undefined });
    expect(ran).toMatchObject({ status: 'ok', check: 'passed', result: [1, 2, 3], modelReads: '[1,2]' });
  });

  it('treats lines past the last record as the step in flight, and a call with no result yet as running', () => {
    const { session, steps } = twoSteps();
    const live: Session = { ...session, turn: 3, transcript: [...session.transcript, { kind: 'caller', text: 'Book it' }, { kind: 'tool-call', id: 'c4', name: 'book', arguments: '{"slot":"x"}', call: 1 }] };
    const tail = chatItems(doc, live, steps).slice(-2);
    expect(tail).toMatchObject([{ kind: 'caller', turn: 3, stepIndex: null }, { kind: 'tool', status: 'running', check: 'pending' }]);
  });

  it('shows nothing without a session', () => {
    expect(chatItems(doc, null, [])).toEqual([]);
  });
});

describe('canvas follow', () => {
  it('names the current stage and the edge the latest step took, and forgets the edge on the next step', () => {
    const { session, steps } = twoSteps();
    const afterOne = steps[0].after;
    expect(selectCurrentStageId({ session: afterOne })).toBe('s_verify');
    expect(selectTakenEdgeId({ session: afterOne })).toBe('e_identify_verify');
    expect(selectTakenEdgeId({ session: session })).toBeNull();
    expect(selectCurrentStageId({ session: null })).toBeNull();
  });
});

describe('chatItems with marked trace entries', () => {
  it('places a stage change among the lines where it happened', () => {
    const { steps } = twoSteps();
    const afterOne = structuredClone(steps[0].after);
    // The move happened after the tool result (3 lines), before the agent's line.
    afterOne.trace = afterOne.trace.map((t) => (t.kind === 'stage-change' ? { ...t, mark: { lines: 3, changes: 0 } } : t));
    const kinds = chatItems(doc, afterOne, [{ ...steps[0], after: afterOne }]).map((i) => i.kind);
    expect(kinds).toEqual(['caller', 'tool', 'stage', 'agent']);
  });
});

describe('Block Agent tool rows', () => {
  it('shows each call of the tools answer as a row after the reply: captured, run, or refused by its check', async () => {
    const { blockAgentStep } = await import('../runtimes/block-agent/engine/step');
    const { answer, say, scriptedModel } = await import('../simulator/testing');
    const { scriptedToolRunner } = await import('../simulator/mock-runner');
    const ba = { ...doc, target: 'block-agent' as const };
    const start = { ...newSession(ba), stageId: 's_identity' };
    const model = scriptedModel([
      say('Thank you.'),
      answer('', ['collect_identity', { caller_name: 'Ana Ruiz', phone: '+15551234567' }], ['collect_identity', { caller_name: 'Ana', phone: 'call me' }]),
    ]);
    const runner = scriptedToolRunner({ collect_identity: { result: { saved: true }, writes: {} } });
    const after = await blockAgentStep(ba, start, 'Ana Ruiz, +15551234567', { model, runner, revision: 1, now: () => 1 });
    const items = chatItems(ba, after, [{ input: { kind: 'say', text: 'Ana Ruiz, +15551234567' }, before: start, after, revision: 1 }]);
    const kinds = items.map((i) => (i.kind === 'tool' ? `tool:${i.status}` : i.kind));
    expect(kinds.slice(0, 4)).toEqual(['caller', 'agent', 'tool:ok', 'tool:check-failed']);
    const [ran, refused] = items.filter((i) => i.kind === 'tool');
    // pii parameters stay masked in the rows, as in Pinecall's.
    expect(ran).toMatchObject({ name: 'collect_identity', args: { caller_name: '***', phone: '***' }, result: { saved: true }, check: 'passed: captured', stepIndex: null });
    expect(refused).toMatchObject({ status: 'check-failed' });
    expect(refused.kind === 'tool' && refused.check).toMatch(/phone/);
  });
});

describe('the announce row (Pinecall)', () => {
  it('comes before the row of the tool it announced, as Pinecall says it: as the tool starts, before its result', async () => {
    const { pinecallStep } = await import('../runtimes/pinecall/engine/step');
    const { answer, say, scriptedModel } = await import('../simulator/testing');
    const { scriptedToolRunner } = await import('../simulator/mock-runner');
    const start = { ...newSession(doc), stageId: 's_choose' };
    const model = scriptedModel([answer('', ['free_slots', { day: 'Tuesday', visit: 'checkup' }]), say('Tuesday at nine?')]);
    const runner = scriptedToolRunner({ free_slots: { result: [{ id: 'Tuesday-0', when: 'Tuesday 09:00' }], writes: {} } });
    const after = await pinecallStep(doc, start, 'Tuesday please', { model, runner, revision: 1, now: () => 1 });
    // The engine keeps the call, the announce and the result in that order…
    expect(after.transcript.map((l) => l.kind)).toEqual(['caller', 'tool-call', 'runtime', 'tool-result', 'agent']);
    const items = chatItems(doc, after, [{ input: { kind: 'say', text: 'Tuesday please' }, before: start, after, revision: 1 }]);
    // …and the chat, which draws a call with its result as one row, says the announce first.
    expect(items.map((i) => (i.kind === 'runtime' ? `runtime:${i.source}` : i.kind))).toEqual(['caller', 'runtime:announce', 'tool', 'agent']);
    expect(new Set(items.map((i) => i.key)).size).toBe(items.length);
  });

  it('leaves an announce said after a result where it was said', () => {
    const { session, steps } = twoSteps();
    expect(chatItems(doc, session, steps).slice(-2).map((i) => i.kind)).toEqual(['tool', 'runtime']);
  });
});

describe('pii in the tool rows', () => {
  it('masks a pii value a tool returned under another name, and in its logs', () => {
    const { session, steps } = twoSteps();
    const copied: Session = {
      ...session,
      transcript: session.transcript.map((l) => (l.kind === 'tool-result' && l.id === 'c3' ? { ...l, result: [{ who: 'Ana Ruiz', when: 'Tue' }] } : l)),
      trace: session.trace.map((t) => (t.kind === 'tool-run' && t.toolCallId === 'c3' ? { ...t, logs: ['found Ana Ruiz'] } : t)),
    };
    const slots = chatItems(doc, copied, steps).filter((i) => i.kind === 'tool' && i.name === 'free_slots')[1];
    expect(slots).toMatchObject({ result: [{ who: '***', when: 'Tue' }], logs: ['found ***'] });
    expect(JSON.stringify(chatItems(doc, copied, steps).filter((i) => i.kind === 'tool'))).not.toContain('Ana');
  });
});

describe('the offline model\'s guesses in the tool rows (issue 32)', () => {
  /** The two steps, with the model's answers in the trace marking guessed arguments of c1 and c3. */
  function guessed(): { session: Session; steps: SimStepRecord[] } {
    const { session, steps } = twoSteps();
    const modelCall = (step: number, guesses: NonNullable<Extract<TraceEntry, { kind: 'model-call' }>['response']>['guesses']): TraceEntry =>
      ({ step, ...at, kind: 'model-call', call: 1, ms: 1, request: { system: '', messages: [], tools: [], toolChoice: 'auto' }, response: { text: '', toolCalls: [], guesses } }) as TraceEntry;
    const trace = [
      modelCall(1, [{ call: 'c1', tool: 'collect_identity', param: 'phone', value: '5551234567', said: '5551234567', kinds: [{ kind: 'number-word' }] }]),
      ...session.trace,
      modelCall(2, [{ call: 'c3', tool: 'free_slots', param: 'visit', value: 'checkup', said: 'Tuesday', kinds: [{ kind: 'enum-value (a word of its name)', right: 12, of: 19 }] }]),
    ];
    return { session: { ...session, trace }, steps };
  }
  it('marks each guessed argument on its call, with the caller\'s words and how its kind measured', () => {
    const { session, steps } = guessed();
    const tools = chatItems(doc, session, steps).filter((i) => i.kind === 'tool');
    const [, refused, slots] = tools;
    expect(slots).toMatchObject({ guesses: [{ param: 'visit', value: 'checkup', said: 'Tuesday', measured: 'enum-value (a word of its name): right 12 of 19 on unseen agents' }] });
    // Near miss: the call beside it, with no guess, carries none.
    expect(refused).not.toHaveProperty('guesses');
  });
  it('lists every guess of the run by step for "Save as test", pii masked the same way', () => {
    const { session } = guessed();
    expect(shownRunGuesses(doc, session)).toEqual([
      { step: 1, tool: 'collect_identity', param: 'phone', value: '***', said: '***', measured: 'number-word: not measured on unseen agents' },
      { step: 2, tool: 'free_slots', param: 'visit', value: 'checkup', said: 'Tuesday', measured: 'enum-value (a word of its name): right 12 of 19 on unseen agents' },
    ]);
    // Near miss: a run whose model wrote no guess lists none.
    expect(shownRunGuesses(doc, twoSteps().session)).toEqual([]);
  });
  it('masks a pii parameter\'s guess whole: its value and the words it came from', () => {
    const { session, steps } = guessed();
    const identity = chatItems(doc, session, steps).find((i) => i.kind === 'tool' && i.name === 'collect_identity');
    expect(identity).toMatchObject({ guesses: [{ param: 'phone', value: '***', said: '***', measured: 'number-word: not measured on unseen agents' }] });
    expect(JSON.stringify(identity)).not.toContain('555');
  });
});
