import type { AgentDocument } from '../model';
import type { EntityRef } from '../store';
import { shortcut } from './keys';
import { canvasCommand } from './where';

/**
 * The stage a run from `target` opens on: the stage itself, or for a block (Block Agent) its entry
 * stage when the entry is in it, else its first stage. Null when the target holds no stage.
 */
export function startStageOf(doc: AgentDocument, target: EntityRef | undefined): string | null {
  if (target?.kind === 'stage') return doc.stages.some((s) => s.id === target.id) ? target.id! : null;
  if (target?.kind !== 'block') return null;
  const inBlock = doc.stages.filter((s) => s.blockId === target.id);
  return (inBlock.find((s) => s.id === doc.entryStageId) ?? inBlock[0])?.id ?? null;
}

export const simulateFromHere = canvasCommand({
  id: 'simulate-from-here',
  label: 'Simulate from here',
  words: 'run simulate start',
  shortcut: shortcut([{ key: 's', mod: false, shift: true, alt: false }]),
  when: ({ store, canvas }) => startStageOf(store.getState().doc, canvas.target) !== null,
  run: ({ store, canvas, event }) => {
    const stageId = startStageOf(store.getState().doc, canvas.target);
    if (stageId === null) return;
    event?.preventDefault();
    store.getState().setBottomTab('simulator');
    // The run controller (and the engine's validators) load on the first run, not with the
    // command list: the list is part of the first paint, and Node reads it in e2e specs.
    void import('../run/controllers').then(({ runControllerFor }) => runControllerFor(store).simulateFrom(stageId));
  },
});
