import { describe, expect, it } from 'vitest';
import { addBlock, addStage, emptyDocument, updateEntity, type AgentDocument } from '../model';
import { createAppStore } from './create';

// The store side of model/ops/refs.ts: a rename and the ref it remakes are one document change,
// so one undo takes back both and the Ref field never shows a ref the name no longer gives.

function newAgent(): { doc: AgentDocument; stageId: string } {
  const block = addBlock(emptyDocument());
  const stage = addStage(block.doc, { blockId: block.id });
  if (!stage.ok) throw new Error(stage.error);
  return { doc: stage.doc, stageId: stage.id };
}

describe('a ref that follows the name, in the store history', () => {
  it('one undo takes back the rename and the ref it remade; redo gives both again', () => {
    const { doc, stageId } = newAgent();
    const store = createAppStore(doc);
    const stage = () => store.getState().doc.stages.find((s) => s.id === stageId)!;
    store.getState().apply((d) => updateEntity(d, 'stage', stageId, { name: 'ask_intent' }).doc);
    expect([stage().name, stage().ref]).toEqual(['ask_intent', 'ask_intent']);
    store.getState().undo();
    expect([stage().name, stage().ref]).toEqual(['stage', 'stage']);
    expect(store.getState().canUndo).toBe(false);
    store.getState().redo();
    expect([stage().name, stage().ref]).toEqual(['ask_intent', 'ask_intent']);
  });
});
