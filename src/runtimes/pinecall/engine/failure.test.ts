// A failed Pinecall model call: the step stops where it stands, Retry goes on from the failed call,
// the next input clears it, and Stop ends it as 'aborted'.
import { describe, expect, it } from 'vitest';
import { scriptedToolRunner } from '../../../simulator/mock-runner';
import { newSession } from '../../../simulator/session';
import { retryStep, runStep } from '../../../simulator/simulation';
import { answer, sampleAgent, say, scriptedModel, type Scripted } from '../../../simulator/testing';
import type { Model, ModelRequest, Session, StepDeps } from '../../../simulator/types';

const doc = sampleAgent();
const at = (stageId: string): Session => ({ ...newSession(doc), stageId });
const runner = () => scriptedToolRunner({ free_slots: { result: [{ id: 'a' }], writes: { searches: 1, slots: [{ id: 'a' }] } } });
const deps = (script: Scripted[], more: Partial<StepDeps> = {}) => {
  const model = scriptedModel(script);
  return { model, deps: { model, runner: runner(), revision: 2, now: () => 9, ...more } satisfies StepDeps };
};
const slots = answer('', ['free_slots', { day: 'Monday', visit: 'cleaning' }]);
const kinds = (s: Session) => s.transcript.map((l) => l.kind);

describe('a failed model call', () => {
  it('keeps what the tools already wrote in the step, and records the failure', async () => {
    const { deps: d } = deps([slots, new Error('503 from the provider')]);
    const out = await runStep(doc, at('s_choose'), { kind: 'say', text: 'Monday' }, d);
    expect(out.failure).toEqual({ step: 1, message: '503 from the provider', retry: { phase: 'agent' } });
    expect(out.state.searches).toBe(1);
    expect(out.changeLog.map((c) => c.field)).toEqual(['searches', 'slots']);
    expect(kinds(out)).toEqual(['caller', 'tool-call', 'runtime', 'tool-result']);
    expect(out.trace.filter((t) => t.kind === 'model-call').map((t) => ('error' in t ? t.error : undefined))).toEqual([undefined, '503 from the provider']);
  });

  it('carries the provider error kind', async () => {
    const error = Object.assign(new Error('The key was refused (401).'), { kind: 'auth' });
    const out = await runStep(doc, at('s_greet'), { kind: 'say', text: 'hi' }, deps([error]).deps);
    expect(out.failure).toMatchObject({ kind: 'auth', message: 'The key was refused (401).' });
    expect(out.transcript).toEqual([{ kind: 'caller', text: 'hi' }]);
  });

  it('retry re-issues the failed call without adding the caller line again, and goes on', async () => {
    const first = deps([slots, new Error('timeout')]);
    const failed = await runStep(doc, at('s_choose'), { kind: 'say', text: 'Monday' }, first.deps);
    const second = deps([say('I have Monday at 9.')]);
    const out = await retryStep(doc, failed, second.deps);
    expect(out.failure).toBeUndefined();
    expect(kinds(out)).toEqual(['caller', 'tool-call', 'runtime', 'tool-result', 'agent']);
    expect(out.turn).toBe(1); // the same step
    // The retried call reads the tool results of the step, exactly as the failed one would have.
    expect(second.model.requests[0].messages).toEqual(first.model.requests[1].messages);
    expect((second.deps.runner as ReturnType<typeof runner>).calls).toEqual([]); // no tool ran again
    expect(out.trace.filter((t) => t.kind === 'model-call').map((t) => (t.kind === 'model-call' ? t.call : 0))).toEqual([1, 2, 3]);
  });

  it('a retry says announce no second time in the step', async () => {
    const failed = await runStep(doc, at('s_choose'), { kind: 'say', text: 'Monday' }, deps([slots, new Error('x')]).deps);
    const out = await retryStep(doc, failed, deps([slots, say('Two slots.')]).deps);
    expect(out.transcript.filter((l) => l.kind === 'runtime')).toHaveLength(1);
  });

  it('going on with the next caller line clears the failure', async () => {
    const failed = await runStep(doc, at('s_greet'), { kind: 'say', text: 'hi' }, deps([new Error('x')]).deps);
    const out = await runStep(doc, failed, { kind: 'say', text: 'hello?' }, deps([say('Hello! How can I help?')]).deps);
    expect(out.failure).toBeUndefined();
    expect(out.transcript.map((l) => ('text' in l ? l.text : ''))).toEqual(['hi', 'hello?', 'Hello! How can I help?']);
    expect(out.turn).toBe(2);
    // Model calls are numbered within their step: the new step's first call is 1 again.
    expect(out.trace.filter((t) => t.kind === 'model-call').map((t) => (t.kind === 'model-call' ? [t.step, t.call] : []))).toEqual([[1, 1], [2, 1]]);
  });

  it('retry on a session without a failure returns it unchanged', async () => {
    const s = at('s_greet');
    expect(await retryStep(doc, s, deps([]).deps)).toBe(s);
  });
});

describe('Stop', () => {
  /** A model that never answers and ignores its signal: Stop must still end the step. */
  const hanging = (): Model & { requests: ModelRequest[] } => {
    const requests: ModelRequest[] = [];
    return { requests, complete: (r) => (requests.push(r), new Promise(() => undefined)) };
  };

  it('ends the step as aborted, "Stopped.", with the session consistent', async () => {
    const controller = new AbortController();
    const model = hanging();
    const pending = runStep(doc, at('s_greet'), { kind: 'say', text: 'hi' }, { model, runner: runner(), revision: 1, signal: controller.signal });
    await new Promise((r) => setTimeout(r, 5));
    controller.abort();
    const out = await pending;
    expect(out.failure).toEqual({ step: 1, message: 'Stopped.', kind: 'aborted', retry: { phase: 'agent' } });
    expect(out.transcript).toEqual([{ kind: 'caller', text: 'hi' }]);
    expect(model.requests[0].signal).toBe(controller.signal);
  });

  it('between calls: the tools of the answer all run, the next call is not made', async () => {
    const controller = new AbortController();
    const stopping = scriptedToolRunner({ free_slots: { result: [], writes: () => (controller.abort(), { searches: 1 }) } });
    const { model, deps: d } = deps([slots, say('never')], { runner: stopping, signal: controller.signal });
    const out = await runStep(doc, at('s_choose'), { kind: 'say', text: 'Monday' }, d);
    expect(model.requests).toHaveLength(1);
    expect(out.failure).toMatchObject({ kind: 'aborted', message: 'Stopped.' });
    expect(kinds(out)).toEqual(['caller', 'tool-call', 'runtime', 'tool-result']); // every call has its result
    expect(out.state.searches).toBe(1);
  });
});
