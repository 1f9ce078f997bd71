// A failed Block Agent model call: if either parallel call fails nothing is acted on (no tools, no
// edges); Retry redoes what failed — the pair, an nlu edge evaluation, or a reply-only call.
import { describe, expect, it } from 'vitest';
import type { AgentDocument } from '../../../model';
import { scriptedToolRunner } from '../../../simulator/mock-runner';
import { newSession } from '../../../simulator/session';
import { retryStep, runStep } from '../../../simulator/simulation';
import { answer, sampleAgent, say, scriptedModel, type Scripted } from '../../../simulator/testing';
import type { Model, Session, StepDeps } from '../../../simulator/types';

const doc: AgentDocument = { ...sampleAgent(), target: 'block-agent' };
const at = (stageId: string): Session => ({ ...newSession(doc), stageId });
const deps = (script: Scripted[], more: Partial<StepDeps> = {}) => {
  const model = scriptedModel(script);
  const runner = scriptedToolRunner({});
  return { model, runner, deps: { model, runner, revision: 4, now: () => 3, ...more } satisfies StepDeps };
};
const WANTS = answer('', ['is_schedule_appointment', { schedule_appointment: true, intent_utterance: 'a cleaning' }]);
const IDENTITY = answer('', ['collect_identity', { caller_name: 'Jane Doe', phone: '5551234567' }]);
const NO_INTENT = answer('', ['caller_intent_not_yet_detected', {}]);

describe('the parallel calls', () => {
  it.each([
    ['the reply call', [new Error('reply down'), WANTS], 'reply down'],
    ['the tool call', [say('Sure!'), new Error('tools down')], 'tools down'],
  ])('when %s fails: no tool runs, no edge is tried, the caller line stays', async (_which, script, message) => {
    const { model, runner, deps: d } = deps(script as Scripted[]);
    const out = await runStep(doc, at('s_identity'), { kind: 'say', text: 'Jane Doe' }, d);
    expect(out.failure).toEqual({ step: 1, message, retry: { phase: 'parallel' } });
    expect(out.transcript).toEqual([{ kind: 'caller', text: 'Jane Doe' }]);
    expect(out.changeLog).toEqual([]);
    expect(out.stageId).toBe('s_identity');
    expect(runner.calls).toEqual([]);
    expect(model.requests).toHaveLength(2); // no nlu or other call after
    const calls = out.trace.filter((t) => t.kind === 'model-call');
    expect(calls.every((t) => t.kind === 'model-call' && t.error !== undefined)).toBe(true); // the good answer is marked unused
  });

  it('retry redoes both calls, then the edges, without a second caller line', async () => {
    const failed = await runStep(doc, at('s_greet'), { kind: 'say', text: 'I need a cleaning' }, deps([say('Sure!'), new Error('x')]).deps);
    const again = deps([say('Sure, let me help.'), WANTS]);
    const out = await retryStep(doc, failed, again.deps);
    expect(out.failure).toBeUndefined();
    expect(out.transcript).toEqual([{ kind: 'caller', text: 'I need a cleaning' }, { kind: 'agent', text: 'Sure, let me help.' }]);
    expect(again.model.requests.map((r) => r.purpose)).toEqual(['reply', 'tools']);
    expect(again.model.requests[0].messages).toEqual([{ role: 'user', content: 'I need a cleaning' }]);
    expect(out.stageId).toBe('s_identity');
    expect(out.turn).toBe(1);
  });
});

describe('an nlu condition call that fails', () => {
  it('stops the edge evaluation; retry evaluates the edges again with the tools that fired', async () => {
    const failed = await runStep(doc, at('s_greet'), { kind: 'say', text: 'hi' }, deps([say('Hello!'), NO_INTENT, new Error('nlu down')]).deps);
    expect(failed.failure).toEqual({ step: 1, message: 'nlu down', retry: { phase: 'edges', fired: ['t_not_yet'] } });
    expect(failed.transcript).toEqual([{ kind: 'caller', text: 'hi' }, { kind: 'agent', text: 'Hello!' }]);
    expect(failed.trace.some((t) => t.kind === 'stage-change')).toBe(false);

    const again = deps([say('yes')]);
    const out = await retryStep(doc, failed, again.deps);
    expect(again.model.requests.map((r) => r.purpose)).toEqual(['condition']);
    expect(out.trace.filter((t) => t.kind === 'stage-change')).toEqual([expect.objectContaining({ via: 'loop', edgeId: 'e_greet_loop' })]);
    expect(out.failure).toBeUndefined();
  });

  it('a retried edge evaluation still sees a tool condition of the failed step', async () => {
    const d2: AgentDocument = structuredClone(doc);
    d2.edges = [
      { id: 'e_nlu', from: 's_greet', to: 's_greet', kind: 'loop', conditions: [{ kind: 'nlu', sentence: 'The caller is unsure.' }] },
      { id: 'e_tool', from: 's_greet', to: 's_identity', kind: 'edge', conditions: [{ kind: 'tool', toolId: 't_intent', field: 'schedule_appointment', expected: 'true' }] },
      ...d2.edges.filter((e) => e.from !== 's_greet'),
    ];
    const failed = await runStep(d2, { ...newSession(d2), stageId: 's_greet' }, { kind: 'say', text: 'a cleaning' }, deps([say('Sure'), WANTS, new Error('x')]).deps);
    const out = await retryStep(d2, failed, deps([say('no')]).deps);
    expect(out.stageId).toBe('s_identity');
  });
});

describe('reply-only calls', () => {
  it('entering a wait stage whose reply fails keeps the move; retry says the reply', async () => {
    const failed = await runStep(doc, at('s_identity'), { kind: 'say', text: 'Jane Doe, 5551234567' }, deps([say('Thanks'), IDENTITY, new Error('x')]).deps);
    expect(failed.stageId).toBe('s_verify');
    expect(failed.failure).toMatchObject({ retry: { phase: 'reply' } });
    const again = deps([say('One moment, Jane Doe.')]);
    const out = await retryStep(doc, failed, again.deps);
    expect(again.model.requests[0].system).toContain('Tell Jane Doe you are checking');
    expect(out.transcript.at(-1)).toEqual({ kind: 'agent', text: 'One moment, Jane Doe.' });
  });

  it('the agent opening the call: a failed reply, then a retry', async () => {
    const failed = await runStep(doc, newSession(doc), { kind: 'open' }, deps([new Error('x')]).deps);
    expect(failed.transcript).toEqual([]);
    const out = await retryStep(doc, failed, deps([say('Clínica Norte, hello.')]).deps);
    expect(out.transcript).toEqual([{ kind: 'agent', text: 'Clínica Norte, hello.' }]);
  });
});

describe('Stop and going on', () => {
  it('Stop during the parallel calls ends the step as aborted and acts on nothing', async () => {
    const controller = new AbortController();
    const model: Model = { complete: () => new Promise(() => undefined) };
    const pending = runStep(doc, at('s_greet'), { kind: 'say', text: 'hi' }, { model, runner: scriptedToolRunner({}), revision: 1, signal: controller.signal });
    setTimeout(() => controller.abort(), 5);
    const out = await pending;
    expect(out.failure).toMatchObject({ message: 'Stopped.', kind: 'aborted', retry: { phase: 'parallel' } });
    expect(out.transcript).toEqual([{ kind: 'caller', text: 'hi' }]);
  });

  it('the next caller line clears the failure', async () => {
    const failed = await runStep(doc, at('s_greet'), { kind: 'say', text: 'hi' }, deps([new Error('x'), new Error('x')]).deps);
    const out = await runStep(doc, failed, { kind: 'say', text: 'I need a cleaning' }, deps([say('Sure!'), WANTS]).deps);
    expect(out.failure).toBeUndefined();
    expect(out.stageId).toBe('s_identity');
  });
});
