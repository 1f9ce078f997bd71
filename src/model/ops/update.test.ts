import { describe, expect, it } from 'vitest';
import { moveStageToBlock, setBlockSize, setEntry, setPositions, updateEntity } from './update';
import type { AgentDocument } from '../types';
import { BLOCK_PADDING, DEFAULT_BLOCK_SIZE, STAGE_GAP, STAGE_SIZE } from './layout';
import { frozenSample, frozenSampleWithNameParameter, schemaErrors, positionOf, sizeOf } from './testing';

const stagesOf = (doc: AgentDocument, blockId: string) => doc.stages.filter((s) => s.blockId === blockId);

describe('updateEntity', () => {
  it('shallowly patches each kind of entity; undefined removes an optional key', () => {
    const doc = frozenSample();
    const patches = [
      updateEntity(doc, 'block', 'b_booking', { intent: true, color: '#f80' }),
      updateEntity(doc, 'stage', 's_choose', { instructions: 'Offer slots.' }),
      updateEntity(doc, 'tool', 't_slots', { timeout: undefined, preview: 3 }),
      updateEntity(doc, 'state', 'f_verified', { visibility: 'private', description: 'Known patient.' }),
      updateEntity(doc, 'edge', 'e_verify_goodbye', { extra: { note: 1 } }),
    ];
    for (const result of patches) {
      expect(result.ok).toBe(true);
      expect(schemaErrors(result.doc)).toEqual([]);
    }
    expect(patches[0].doc.blocks[2]).toEqual({ id: 'b_booking', name: 'Booking', ref: 'booking', intent: true, color: '#f80' });
    expect(patches[1].doc.stages[3].instructions).toBe('Offer slots.');
    expect(patches[2].doc.tools[4]).not.toHaveProperty('timeout');
    expect(patches[2].doc.tools[4].preview).toBe(3);
    expect(patches[3].doc.state[2]).toMatchObject({ visibility: 'private', description: 'Known patient.' });
    expect(patches[4].doc.edges[4].extra).toEqual({ note: 1 });
  });

  it('never changes an id', () => {
    const doc = frozenSample();
    const result = updateEntity(doc, 'stage', 's_choose', { id: 'other', instructions: 'x' } as never);
    expect(result.doc.stages[3].id).toBe('s_choose');
  });

  it('renames through the rename operations, so references follow', () => {
    // collect_identity's parameter `name` stores the state field: the rename follows this.caller_name only.
    const doc = frozenSampleWithNameParameter();
    const renamed = updateEntity(doc, 'state', 'f_name', { name: 'full_name', description: 'Name.' });
    expect(renamed.doc.tools[2].implementation).toContain('this.full_name = name;');
    expect(renamed.doc.state[0]).toMatchObject({ name: 'full_name', description: 'Name.' });
    expect(updateEntity(doc, 'tool', 't_book', { name: 'end_call' })).toEqual({ ok: false, doc, error: 'there is already a tool named "end_call"' });
  });

  it('moves a stage to another block when blockId changes', () => {
    const doc = frozenSample();
    const result = updateEntity(doc, 'stage', 's_verify', { blockId: 'b_booking' });
    expect(result.doc.stages[2].blockId).toBe('b_booking');
    // It goes under b_booking's lowest stage.
    const lowest = Math.max(...stagesOf(doc, 'b_booking').map((s) => positionOf(doc, s.id).y));
    expect(result.doc.layout.positions.s_verify).toEqual({ x: BLOCK_PADDING, y: lowest + STAGE_SIZE.height + STAGE_GAP });
    expect(schemaErrors(result.doc)).toEqual([]);
  });

  it('rechecks an edge’s ends: a new to equal to from makes a loop, a second loop is refused', () => {
    const doc = frozenSample();
    const loop = updateEntity(doc, 'edge', 'e_choose_giveup', { to: 's_choose' });
    expect(loop.doc.edges[6]).toMatchObject({ from: 's_choose', to: 's_choose', kind: 'loop' });
    expect(schemaErrors(loop.doc)).toEqual([]);
    expect(updateEntity(doc, 'edge', 'e_greet_identify', { to: 's_greet' })).toEqual({ ok: false, doc, error: 'stage "greet" already has a loop; edit its conditions instead' });
    const unlooped = updateEntity(doc, 'edge', 'e_greet_loop', { to: 's_choose' });
    expect(unlooped.doc.edges[1]).toMatchObject({ to: 's_choose', kind: 'edge' });
  });

  it('refuses an unknown entity', () => {
    const doc = frozenSample();
    expect(updateEntity(doc, 'tool', 'nope', { description: 'x' })).toEqual({ ok: false, doc, error: 'there is no tool "nope"' });
  });
});

describe('setEntry', () => {
  it('sets and clears the entry stage, refusing an unknown one', () => {
    const doc = frozenSample();
    expect(setEntry(doc, 's_choose').doc.entryStageId).toBe('s_choose');
    expect(setEntry(doc, null).doc.entryStageId).toBeNull();
    expect(setEntry(doc, 'nope')).toEqual({ ok: false, doc, error: 'there is no stage "nope"' });
    expect(setEntry(doc, 's_greet').doc).toBe(doc);
  });
});

describe('moveStageToBlock', () => {
  it('moves the stage, keeps its edges and stage-scoped tools, and reports the tools it stops and starts seeing', () => {
    const doc = frozenSample();
    const scoped = updateEntity(doc, 'tool', 't_end', { scope: { kind: 'stages', stageIds: ['s_verify'] } }).doc;
    // At b_booking's bottom edge, so the block has to grow to hold it.
    const booking = sizeOf(doc, 'b_booking');
    const at = { x: BLOCK_PADDING, y: booking.height };
    const result = moveStageToBlock(scoped, 's_verify', 'b_booking', at);
    if (!result.ok) throw new Error(result.error);
    expect(result.doc.stages[2].blockId).toBe('b_booking');
    expect(result.doc.edges).toBe(scoped.edges);
    expect(result.doc.tools[6].scope).toEqual({ kind: 'stages', stageIds: ['s_verify'] });
    expect(result.visibility).toEqual({ lost: ['t_identity', 't_ehr'], gained: ['t_slots', 't_book'] });
    expect(result.doc.layout.positions.s_verify).toEqual(at);
    expect(result.doc.layout.sizes.b_booking).toEqual({
      width: Math.max(booking.width, at.x + STAGE_SIZE.width + BLOCK_PADDING),
      height: at.y + STAGE_SIZE.height + BLOCK_PADDING,
    });
    expect(schemaErrors(result.doc)).toEqual([]);
  });

  it('refuses an unknown block or stage', () => {
    const doc = frozenSample();
    expect(moveStageToBlock(doc, 's_verify', 'nope')).toEqual({ ok: false, doc, error: 'there is no block "nope"' });
    expect(moveStageToBlock(doc, 'nope', 'b_end')).toEqual({ ok: false, doc, error: 'there is no stage "nope"' });
  });
});

describe('setPositions', () => {
  it('moves blocks and stages, ignores unknown ids, and grows a block to hold a moved stage', () => {
    const doc = frozenSample();
    const end = sizeOf(doc, 'b_end');
    // Moved to stick out of b_end's right edge (but not its bottom one), so the block grows wider only.
    const goodbye = { x: end.width - BLOCK_PADDING, y: positionOf(doc, 's_goodbye').y + 4 };
    const block = { x: positionOf(doc, 'b_end').x - 60, y: positionOf(doc, 'b_end').y + 10 };
    const next = setPositions(doc, { b_end: block, s_goodbye: goodbye, ghost: { x: 1, y: 1 } });
    expect(next.layout.positions.b_end).toEqual(block);
    expect(next.layout.positions.s_goodbye).toEqual(goodbye);
    expect(next.layout.positions).not.toHaveProperty('ghost');
    expect(next.layout.sizes.b_end).toEqual({
      width: goodbye.x + STAGE_SIZE.width + BLOCK_PADDING,
      height: Math.max(end.height, goodbye.y + STAGE_SIZE.height + BLOCK_PADDING),
    });
    expect(next.layout.sizes.b_end.width).toBeGreaterThan(end.width);
    expect(schemaErrors(next)).toEqual([]);
    expect(setPositions(doc, { s_greet: { ...positionOf(doc, 's_greet') } })).toBe(doc);
  });
});

describe('setBlockSize', () => {
  it('resizes a block but not below what shows its stages', () => {
    const doc = frozenSample();
    // The least size that shows b_identify's stages whole (and never below the default size).
    const shown = stagesOf(doc, 'b_identify').map((s) => positionOf(doc, s.id));
    const least = {
      width: Math.max(DEFAULT_BLOCK_SIZE.width, ...shown.map((at) => at.x + STAGE_SIZE.width + BLOCK_PADDING)),
      height: Math.max(DEFAULT_BLOCK_SIZE.height, ...shown.map((at) => at.y + STAGE_SIZE.height + BLOCK_PADDING)),
    };
    expect(least.height).toBeGreaterThan(DEFAULT_BLOCK_SIZE.height);
    const large = { width: least.width + 200, height: least.height + 130 };
    expect(setBlockSize(doc, 'b_identify', large).layout.sizes.b_identify).toEqual(large);
    expect(setBlockSize(doc, 'b_identify', { width: 100, height: 100 }).layout.sizes.b_identify).toEqual(least);
    expect(setBlockSize(doc, 'nope', { width: 1, height: 1 })).toBe(doc);
  });
});
