import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../store/create';
import { answer, sampleAgent, say } from '../simulator/testing';
import type { Model, ModelRequest, ModelResponse } from '../simulator/types';
import { RunController } from './controller';

// The model a run gets: a queue the test fills; `hold` makes the next call wait for the abort signal.
let queue: (ModelResponse | 'hold')[] = [];
const seen: ModelRequest[] = [];
const queuedModel: Model = {
  complete: (request) => {
    seen.push(request);
    const next = queue.shift();
    if (next === 'hold') {
      request.onTextDelta?.('Hel');
      return new Promise((_resolve, reject) => request.signal?.addEventListener('abort', () => reject(Object.assign(new Error('aborted'), { kind: 'aborted' }))));
    }
    if (!next) return Promise.reject(new Error('test model: nothing queued'));
    return Promise.resolve(structuredClone(next));
  },
};
vi.mock('../simulator/providers', () => ({ createModel: () => queuedModel }));

function setup(opening: 'caller' | 'agent' = 'caller') {
  const store = createAppStore({ ...sampleAgent(), opening, entryStageId: 's_choose' });
  return { store, controller: new RunController(store) };
}

beforeEach(() => {
  queue = [];
  seen.length = 0;
});

describe('RunController', () => {
  it('records each step with the session before and after and the revision it ran on', async () => {
    const { store, controller } = setup();
    store.getState().setSim({ initialState: { searches: 2 } });
    queue = [answer('', ['free_slots', { day: 'Tuesday', visit: 'checkup' }]), say('Two slots on Tuesday.')];
    await controller.send({ kind: 'say', text: 'Tuesday, a checkup' });
    const { steps, session, running, revision } = store.getState();
    expect(running).toBe(false);
    expect(steps).toHaveLength(1);
    expect(steps[0]).toMatchObject({ input: { kind: 'say', text: 'Tuesday, a checkup' }, revision });
    expect(steps[0].before.state.searches).toBe(2);
    expect(steps[0].after).toBe(session);
    expect(session!.state.searches).toBe(3);
    expect(session!.transcript.map((l) => l.kind)).toEqual(['caller', 'tool-call', 'runtime', 'tool-result', 'agent']);
  });

  it('opens with the agent first when the document says so, then sends the caller line', async () => {
    const { store, controller } = setup('agent');
    queue = [say('Hello, Clínica Norte.'), say('Sure.')];
    await controller.send({ kind: 'say', text: 'Hi' });
    expect(store.getState().steps.map((s) => s.input.kind)).toEqual(['open', 'say']);
    // No caller line yet: the history holds only the platform's current_date pair (pinecall/runtime date_pair).
    expect(seen[0].messages.map((m) => m.role)).toEqual(['assistant', 'tool']);
    expect(seen[0].messages[1]).toMatchObject({ name: 'current_date' });
  });

  it('Stop abandons the call in flight: an aborted failure, streamed text dropped, state kept; Retry continues', async () => {
    const { store, controller } = setup();
    queue = ['hold', say('Welcome!')];
    const step = controller.send({ kind: 'say', text: 'Hi' });
    await vi.waitFor(() => expect(store.getState().streaming).toBe('Hel'));
    controller.stop();
    await step;
    const stopped = store.getState();
    expect(stopped.session!.failure).toMatchObject({ kind: 'aborted' });
    expect(stopped.streaming).toBeNull();
    expect(stopped.session!.state).toEqual(stopped.steps[0].before.state);

    await controller.retry();
    const retried = store.getState();
    expect(retried.session!.failure).toBeUndefined();
    expect(retried.steps).toHaveLength(1);
    expect(retried.steps[0].after.transcript.map((l) => l.kind)).toEqual(['caller', 'agent']);
  });

  it('Restart from here goes back to the step\'s session and hands its line back for editing', async () => {
    const { store, controller } = setup();
    queue = [say('One.'), say('Two.')];
    await controller.send({ kind: 'say', text: 'first' });
    await controller.send({ kind: 'say', text: 'second' });
    const firstAfter = store.getState().steps[0].after;
    controller.restartFrom(1);
    expect(store.getState().session).toBe(firstAfter);
    expect(store.getState().steps).toHaveLength(1);
    expect(controller.getView().draft).toMatchObject({ text: 'second' });
  });

  it('switching the target runtime resets the run and says why', async () => {
    const { store, controller } = setup();
    queue = [say('One.')];
    await controller.send({ kind: 'say', text: 'first' });
    store.getState().apply((doc) => ({ ...doc, target: 'block-agent' }));
    expect(store.getState().session).toBeNull();
    expect(store.getState().steps).toEqual([]);
    expect(controller.getView().notice?.text).toMatch(/Block Agent/);
  });

  it('a step applies the document as it stood when the step began', async () => {
    const { store, controller } = setup();
    queue = [say('One.'), say('Two.')];
    await controller.send({ kind: 'say', text: 'first' });
    store.getState().apply((doc) => ({ ...doc, persona: 'You are Ana.' }));
    await controller.send({ kind: 'say', text: 'second' });
    expect(seen[0].system).not.toContain('You are Ana.');
    expect(seen[1].system).toContain('You are Ana.');
    expect(store.getState().steps[1].revision).toBe(store.getState().revision);
    expect(store.getState().steps[0].revision).toBeLessThan(store.getState().steps[1].revision);
  });
});
