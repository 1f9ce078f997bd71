// "Simulate from here": a run that opens on a chosen stage with the state panel's values, from the
// controller and from the card menu's command (the command list's simulate-from-here).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { commandsFor, COMMANDS, type CanvasActions } from '../commands';
import { createAppStore } from '../store/create';
import { answer, sampleAgent, say } from '../simulator/testing';
import type { Model, ModelResponse } from '../simulator/types';
import { runControllerFor } from './controllers';

let queue: ModelResponse[] = [];
const queuedModel: Model = {
  complete: () => {
    const next = queue.shift();
    return next ? Promise.resolve(structuredClone(next)) : Promise.reject(new Error('test model: nothing queued'));
  },
};
vi.mock('../simulator/providers', () => ({ createModel: () => queuedModel }));

beforeEach(() => {
  queue = [];
});

const actions = (target: CanvasActions['target']): CanvasActions => ({
  target, requestDelete: vi.fn(), requestConnect: vi.fn(), copy: vi.fn(), paste: vi.fn(), duplicate: vi.fn(), focusInspector: vi.fn(), nudge: vi.fn(() => true),
  openMenu: vi.fn(), fitView: vi.fn(), addBlock: vi.fn(), addStage: vi.fn(), autoLayout: vi.fn(),
});

describe('Simulate from here', () => {
  it('opens the run on the stage with the initial values, says so in a chat note, and the first line runs from there', async () => {
    const store = createAppStore({ ...sampleAgent(), opening: 'caller' });
    store.getState().setSim({ initialState: { searches: 2, caller_name: 'Ana Ruiz' } });
    const controller = runControllerFor(store);
    controller.simulateFrom('s_choose');
    const opened = store.getState().session!;
    expect(opened.stageId).toBe('s_choose');
    expect(opened.state).toMatchObject({ searches: 2, caller_name: 'Ana Ruiz' });
    // caller_name is pii: masked in the note as everywhere a value is shown.
    expect(opened.trace).toEqual([expect.objectContaining({ kind: 'note', chat: true, message: 'Started at choose with searches = 2, caller_name = ***.' })]);
    expect(store.getState().startStageId).toBe('s_choose');

    queue = [answer('', ['free_slots', { day: 'Tuesday', visit: 'checkup' }]), say('Two slots on Tuesday.')];
    await controller.send({ kind: 'say', text: 'Tuesday, a checkup' });
    const { steps, session } = store.getState();
    expect(steps).toHaveLength(1);
    expect(steps[0].before).toBe(opened);
    expect(session!.state.searches).toBe(3); // free_slots is offered on choose, not on greet
  });

  it('with the agent opening, the agent still speaks first from the chosen stage', async () => {
    const store = createAppStore({ ...sampleAgent(), opening: 'agent' });
    const controller = runControllerFor(store);
    controller.simulateFrom('s_choose');
    queue = [say('Which day suits you?'), say('Sure.')];
    await controller.send({ kind: 'say', text: 'Tuesday' });
    expect(store.getState().steps.map((s) => s.input.kind)).toEqual(['open', 'say']);
    expect(store.getState().steps[0].before.stageId).toBe('s_choose');
  });

  it('a run started by typing, after a stage was picked, opens there too; Reset keeps the pick', async () => {
    const store = createAppStore({ ...sampleAgent(), opening: 'caller' });
    store.getState().setSim({ startStageId: 's_choose' });
    queue = [say('Which day?')];
    await runControllerFor(store).send({ kind: 'say', text: 'Hi' });
    expect(store.getState().steps[0].before.stageId).toBe('s_choose');
    runControllerFor(store).reset();
    expect(store.getState().startStageId).toBe('s_choose');
  });

  it('the card menu offers it on a stage or block card, not on an edge; it opens the simulator on that stage', async () => {
    const store = createAppStore({ ...sampleAgent(), opening: 'caller' });
    const offered = (target: CanvasActions['target']) => commandsFor({ store, source: 'list', target: null, canvas: actions(target) }).some((c) => c.id === 'simulate-from-here');
    const edge = store.getState().doc.edges[0];
    expect([offered({ kind: 'stage', id: 's_verify' }), offered({ kind: 'edge', id: edge.id }), offered(undefined)]).toEqual([true, false, false]);

    const command = COMMANDS.find((c) => c.id === 'simulate-from-here')!;
    command.run({ store, source: 'list', target: null, canvas: actions({ kind: 'stage', id: 's_verify' }) });
    expect(store.getState().bottomTab).toBe('simulator');
    // The controller loads on the first run (a dynamic import): the session opens once it has.
    await vi.waitFor(() => expect(store.getState().session?.stageId).toBe('s_verify'));

    // A block card: its entry stage if the entry is in it, else its first stage.
    const blockOf = (stageId: string) => store.getState().doc.stages.find((s) => s.id === stageId)!.blockId;
    command.run({ store, source: 'list', target: null, canvas: actions({ kind: 'block', id: blockOf('s_verify') }) });
    await vi.waitFor(() => expect(store.getState().session?.stageId).toBe('s_identity'));
    command.run({ store, source: 'list', target: null, canvas: actions({ kind: 'block', id: blockOf('s_greet') }) });
    await vi.waitFor(() => expect(store.getState().session?.stageId).toBe('s_greet'));
  });
});
