// The real implementations of the sample agent, run in the sandbox by a Pinecall step.
import { beforeAll, describe, expect, it } from 'vitest';
import { pinecallStep } from '../runtimes/pinecall/engine/step';
import { prepareSandboxEvaluate } from './sandbox-evaluate';
import { helperSource, sandboxToolRunner, toolTimeoutMs } from './sandbox-runner';
import { answer, sampleAgent, say, scriptedModel, type Scripted, sessionAt, openToolNames } from './testing';
import type { Evaluate, Session, StepDeps } from './types';

const doc = sampleAgent();
let evaluate: Evaluate;
beforeAll(async () => {
  evaluate = await prepareSandboxEvaluate();
});
const at = (stageId: string, state: Record<string, unknown> = {}): Session => sessionAt(doc, stageId, state);
const deps = (script: Scripted[]) => {
  const model = scriptedModel(script);
  return { model, deps: { model, runner: sandboxToolRunner(doc), evaluate, revision: 1, now: () => 1000 } satisfies StepDeps };
};
const toolNames = openToolNames;
const tool = (name: string) => doc.tools.find((t) => t.name === name)!;

describe('sandboxToolRunner in a Pinecall step', () => {
  it('runs free_slots then book in the sandbox; when hides book until there are slots; a bad slot throws', async () => {
    const { model, deps: d } = deps([
      answer('', ['free_slots', { day: 'Monday', visit: 'cleaning' }]),
      answer('', ['book', { slot: 'Monday-9' }]),
      answer('', ['book', { slot: 'Monday-1' }]),
      say('You are booked.'),
    ]);
    const out = await pinecallStep(doc, at('s_choose'), 'Monday, a cleaning', d);
    expect(model.requests.map(toolNames)).toEqual([['free_slots'], ['free_slots', 'book'], ['free_slots', 'book'], ['end_call']]);
    // The model reads book's thrown message as the error.
    const bad = out.transcript.find((l) => l.kind === 'tool-result' && l.name === 'book');
    expect(bad).toMatchObject({ error: 'Monday-9 is not one of the slots offered; offer free slots again.', modelReads: 'Monday-9 is not one of the slots offered; offer free slots again.' });
    expect(model.requests[2].messages).toContainEqual(expect.objectContaining({ role: 'tool', name: 'book', content: 'Monday-9 is not one of the slots offered; offer free slots again.' }));
    // The sandbox reports writes in the state's field order (slots is declared before searches).
    expect(out.changeLog.map((c) => [c.field, c.author])).toEqual([
      ['slots', 'free_slots'],
      ['searches', 'free_slots'],
      ['booking_when', 'book'],
      ['stage', 'book'],
    ]);
    expect(out.state.searches).toBe(1);
    expect((out.state.slots as unknown[]).length).toBe(4);
    expect(out.state.booking_when).toBe('Monday 10:30');
    expect(out.stageId).toBe('s_goodbye');
    expect(out.transcript).toContainEqual({ kind: 'runtime', text: 'Booked: Monday 10:30 with Dr. Ruiz.', source: 'confirm', tool: 'book' });
    // The free_slots preview cuts what the model reads to two slots, sent as Pinecall's runtime sends a list: {"items": [...]}.
    const slotsRead = out.transcript.find((l) => l.kind === 'tool-result' && l.name === 'free_slots');
    expect(JSON.parse(slotsRead && slotsRead.kind === 'tool-result' ? slotsRead.modelReads : '{}').items).toHaveLength(2);
    expect(out.trace.filter((t) => t.kind === 'note')).toEqual([]);
  });

  it('moves the stage through the expression edge searches >= 3 after the third search', async () => {
    const search = (day: string) => answer('', ['free_slots', { day, visit: 'checkup' }]);
    const { model, deps: d } = deps([search('Monday'), search('Tuesday'), search('Wednesday'), say('Let me pass you on.')]);
    const out = await pinecallStep(doc, at('s_choose'), 'Any day', d);
    expect(model.requests.map(toolNames)).toEqual([['free_slots'], ['free_slots', 'book'], ['free_slots', 'book'], ['end_call']]);
    expect(out.state.searches).toBe(3);
    expect(out.trace.filter((t) => t.kind === 'stage-change')).toEqual([
      expect.objectContaining({ from: 'choose', to: 'goodbye', via: 'free_slots', edgeId: 'e_choose_giveup' }),
    ]);
  });
});

describe('sandboxToolRunner on its own', () => {
  const runner = sandboxToolRunner(doc);
  it('falls back to the mock result, or the arguments, without an implementation', async () => {
    expect(await runner.run(tool('end_call'), { a: 1 }, {}, {})).toEqual({ result: { a: 1 }, writes: {}, logs: [] });
    const mocked = { ...tool('end_call'), mock: { ok: true } };
    expect(await runner.run(mocked, {}, {}, {})).toEqual({ result: { ok: true }, writes: {}, logs: [] });
  });

  it('maps syntax errors, timeouts and logs, and passes the call facts', async () => {
    const t = { ...tool('end_call'), implementation: 'console.log("today", this.call.today); return this.call.today;' };
    expect(await runner.run(t, {}, {}, { today: '2026-05-04' })).toEqual({ result: '2026-05-04', writes: {}, logs: ['today 2026-05-04'] });
    const broken = await runner.run({ ...t, implementation: 'return (' }, {}, {}, {});
    expect(broken.error).toMatch(/^Tool code line \d+:\d+: Expression expected/);
    const slow = await runner.run({ ...t, timeout: 0.05, implementation: 'this.searches = 1; while (true) {}' }, {}, { searches: 0 }, {});
    expect(slow).toMatchObject({ error: 'end_call took longer than 0.05 s', writes: { searches: 1 } });
  });

  it('caps the timeout at 300 s and defaults to 30 s', () => {
    expect(toolTimeoutMs({ ...tool('end_call'), timeout: 1000 })).toBe(300_000);
    expect(toolTimeoutMs(tool('end_call'))).toBe(30_000);
    expect(toolTimeoutMs(tool('free_slots'))).toBe(10_000);
  });

  it('binds the helper methods the Pinecall importer keeps, and leaves out render and fields', async () => {
    const withHelpers = {
      ...doc,
      preserved: { pinecall: { members: ['private double(n: number) {\n  return n * 2;\n}', 'private limit = 3;', 'render() {\n  return <p>hi</p>;\n}'] } },
    };
    expect(helperSource(withHelpers)).toBe('private double(n: number) {\n  return n * 2;\n}');
    const run = await sandboxToolRunner(withHelpers).run({ ...tool('end_call'), implementation: 'return this.double(21);' }, {}, {}, {});
    expect(run.result).toBe(42);
  });
});
