import { describe, expect, it } from 'vitest';
import { emptyDocument } from '../document';
import type { AgentDocument } from '../types';
import { duplicate } from './clipboard';
import { addBlock, addStage } from './create';
import { refsFollowNames } from './refs';
import { renameStage } from './rename';
import { blockNamed, deepFreeze, frozenSample, schemaErrors, stageNamed } from './testing';
import { updateEntity } from './update';

const ok = (result: { ok: boolean; doc: AgentDocument; error?: string }): AgentDocument => {
  expect(result.error).toBeUndefined();
  expect(schemaErrors(result.doc)).toEqual([]);
  return deepFreeze(result.doc);
};

/** A new agent as the canvas makes it: one block, then stages added with the default name. */
function newAgent(stages: number): { doc: AgentDocument; blockId: string; stageIds: string[] } {
  const block = addBlock(deepFreeze(emptyDocument()));
  let doc = block.doc;
  const stageIds: string[] = [];
  for (let i = 0; i < stages; i++) {
    const added = addStage(doc, { blockId: block.id });
    if (!added.ok) throw new Error(added.error);
    doc = deepFreeze(added.doc);
    stageIds.push(added.id);
  }
  return { doc, blockId: block.id, stageIds };
}

const stage = (doc: AgentDocument, id: string) => doc.stages.find((s) => s.id === id)!;
const block = (doc: AgentDocument, id: string) => doc.blocks.find((b) => b.id === id)!;

describe('a ref Callboard made follows the name', () => {
  it('a new stage is renamed: its turn_id is remade from the new name in the same operation', () => {
    const { doc, stageIds: [first, second] } = newAgent(2);
    expect([stage(doc, first).ref, stage(doc, second).ref]).toEqual(['stage', 'stage_2']);
    const renamed = ok(updateEntity(doc, 'stage', first, { name: 'ask_intent' }));
    expect(stage(renamed, first)).toMatchObject({ name: 'ask_intent', ref: 'ask_intent', refFollowsName: true });
    const both = ok(renameStage(renamed, second, 'Collect DOB'));
    expect(stage(both, second)).toMatchObject({ name: 'Collect DOB', ref: 'collect_dob' });
  });

  it('a new block is renamed (the block name field writes per keystroke): its block_id follows each write', () => {
    const { doc, blockId } = newAgent(0);
    expect(block(doc, blockId).ref).toBe('block');
    const typed = ['I', 'Id', 'Identify caller'].reduce((d, name) => ok(updateEntity(d, 'block', blockId, { name })), doc);
    expect(block(typed, blockId)).toMatchObject({ name: 'Identify caller', ref: 'identify_caller', refFollowsName: true });
  });

  it('is stable: renaming one stage never moves another stage\'s ref, and renaming back gives back its own', () => {
    const { doc, stageIds: [first, second, third] } = newAgent(3);
    const renamed = ok(renameStage(doc, second, 'ask'));
    expect(renamed.stages.map((s) => s.ref)).toEqual(['stage', 'ask', 'stage_3']);
    // "stage_2" is free now; the third stage keeps stage_3 all the same.
    const again = ok(renameStage(renamed, first, 'greet'));
    expect(again.stages.map((s) => s.ref)).toEqual(['greet', 'ask', 'stage_3']);
    expect(stage(ok(renameStage(again, third, 'stage')), third).ref).toBe('stage');
    const back = ok(renameStage(ok(renameStage(again, second, 'other')), second, 'ask'));
    expect(stage(back, second).ref).toBe('ask');
  });

  it('stays unique among stages and among blocks: a ref another one holds (pinned or not) gets a suffix', () => {
    const { doc, blockId, stageIds: [first, second] } = newAgent(2);
    const pinned = ok(updateEntity(doc, 'stage', first, { ref: 'ask_intent' }));
    const renamed = ok(renameStage(pinned, second, 'Ask intent'));
    expect(renamed.stages.map((s) => s.ref)).toEqual(['ask_intent', 'ask_intent_2']);
    // A block's ref is unique among blocks only: a stage's ref is not in its way.
    const other = addBlock(renamed, { name: 'Ask intent' });
    expect(block(other.doc, other.id).ref).toBe('ask_intent');
    const blockRenamed = ok(updateEntity(other.doc, 'block', blockId, { name: 'Ask intent!' }));
    expect(blockRenamed.blocks.map((b) => b.ref)).toEqual(['ask_intent_2', 'ask_intent']);
  });
});

describe('a ref set by an import or by hand is kept', () => {
  it('the sample\'s imported refs (no flag) stay through a rename of the stage and of the block', () => {
    const doc = frozenSample();
    const choose = stageNamed(doc, 'choose');
    expect(choose).not.toHaveProperty('refFollowsName');
    const renamed = ok(updateEntity(doc, 'stage', choose.id, { name: 'pick_slot' }));
    expect(stageNamed(renamed, 'pick_slot').ref).toBe(choose.ref);
    const booking = blockNamed(doc, 'Booking');
    expect(blockNamed(ok(updateEntity(doc, 'block', booking.id, { name: 'Reserve' })), 'Reserve').ref).toBe(booking.ref);
  });

  it('typing a ref pins it: later renames keep it', () => {
    const { doc, blockId, stageIds: [first] } = newAgent(1);
    const typed = ok(updateEntity(doc, 'stage', first, { ref: 't_intent' }));
    expect(stage(typed, first)).toEqual(expect.objectContaining({ ref: 't_intent' }));
    expect(stage(typed, first)).not.toHaveProperty('refFollowsName');
    expect(stage(ok(renameStage(typed, first, 'ask_intent')), first).ref).toBe('t_intent');
    const blockTyped = ok(updateEntity(doc, 'block', blockId, { ref: 'main' }));
    expect(block(ok(updateEntity(blockTyped, 'block', blockId, { name: 'Intake' })), blockId)).toMatchObject({ name: 'Intake', ref: 'main' });
    expect(block(blockTyped, blockId)).not.toHaveProperty('refFollowsName');
  });

  it('clearing the ref (empty or only spaces) makes it from the name again and lets it follow', () => {
    const doc = frozenSample();
    const choose = stageNamed(doc, 'choose');
    const cleared = ok(updateEntity(doc, 'stage', choose.id, { ref: '' }));
    expect(stageNamed(cleared, 'choose')).toMatchObject({ ref: 'choose', refFollowsName: true });
    expect(stageNamed(ok(renameStage(cleared, choose.id, 'pick')), 'pick').ref).toBe('pick');
    const booking = blockNamed(doc, 'Booking');
    const spaces = ok(updateEntity(doc, 'block', booking.id, { ref: '   ', name: 'Book a slot' }));
    expect(blockNamed(spaces, 'Book a slot')).toMatchObject({ ref: 'book_a_slot', refFollowsName: true });
  });

  it('an explicit refFollowsName in a patch is honoured as written', () => {
    const { doc, stageIds: [first] } = newAgent(1);
    const kept = ok(updateEntity(doc, 'stage', first, { ref: 'fixed', refFollowsName: undefined }));
    expect(stage(kept, first)).not.toHaveProperty('refFollowsName');
    const follows = ok(updateEntity(kept, 'stage', first, { refFollowsName: true }));
    expect(stage(follows, first)).toMatchObject({ ref: 'stage', refFollowsName: true });
  });
});

describe('copies and formats without refs', () => {
  it('a duplicated stage gets a ref made from its own name, which follows later renames', () => {
    const { doc, stageIds: [first] } = newAgent(1);
    const pinned = ok(updateEntity(ok(renameStage(doc, first, 'ask')), 'stage', first, { ref: 't_ask' }));
    const copied = duplicate(pinned, [{ kind: 'stage', id: first }]);
    if (!copied.ok) throw new Error(copied.error);
    const copy = copied.doc.stages.at(-1)!;
    expect(copy).toMatchObject({ name: 'ask_2', ref: 'ask_2', refFollowsName: true });
    expect(stage(ok(renameStage(copied.doc, copy.id, 'confirm')), copy.id).ref).toBe('confirm');
    expect(stage(copied.doc, first).ref).toBe('t_ask');
  });

  it('refsFollowNames marks every block and stage, and is a no-op when all already follow', () => {
    const doc = frozenSample();
    const marked = refsFollowNames(doc);
    expect([...marked.blocks, ...marked.stages].every((e) => e.refFollowsName === true)).toBe(true);
    expect(marked.stages.map((s) => s.ref)).toEqual(doc.stages.map((s) => s.ref));
    expect(schemaErrors(marked)).toEqual([]);
    expect(refsFollowNames(marked)).toBe(marked);
  });
});
