import { describe, expect, it } from 'vitest';
import { emptyDocument } from '../document';
import { addBlock, addStage, addStateField, addTool } from './create';
import { BLOCK_GAP, BLOCK_HEADER, BLOCK_PADDING, DEFAULT_BLOCK_SIZE, STAGE_GAP, STAGE_SIZE } from './layout';
import { deepFreeze, frozenSample, schemaErrors, positionOf, sizeOf } from './testing';


describe('addBlock', () => {
  it('adds a uniquely named block right of the rightmost one, with a size', () => {
    const doc = frozenSample();
    const { doc: next, id } = addBlock(doc, { name: 'Booking' });
    const block = next.blocks.find((b) => b.id === id)!;
    expect(block).toMatchObject({ name: 'Booking_2', ref: 'booking_2', refFollowsName: true, intent: false });
    const right = (blockId: string) => positionOf(doc, blockId).x + sizeOf(doc, blockId).width;
    const rightmost = doc.blocks.map((b) => b.id).reduce((a, b) => (right(b) > right(a) ? b : a));
    expect(next.layout.positions[id]).toEqual({ x: right(rightmost) + BLOCK_GAP, y: positionOf(doc, rightmost).y });
    expect(next.layout.sizes[id]).toEqual(DEFAULT_BLOCK_SIZE);
    expect(DEFAULT_BLOCK_SIZE).toEqual({ width: 300, height: 220 });
    expect(doc.blocks).toHaveLength(4);
    expect(schemaErrors(next)).toEqual([]);
  });

  it('places the first block at the origin unless told where', () => {
    const empty = deepFreeze(emptyDocument());
    const first = addBlock(empty);
    expect(first.doc.layout.positions).toEqual({ [first.id]: { x: 0, y: 0 } });
    const placed = addBlock(empty, { position: { x: 5, y: 7 } });
    expect(placed.doc.layout.positions[placed.id]).toEqual({ x: 5, y: 7 });
  });
});

describe('addStage', () => {
  it('makes the first stage ever the entry stage', () => {
    const withBlock = addBlock(deepFreeze(emptyDocument()));
    const result = addStage(withBlock.doc, { blockId: withBlock.id });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.doc.entryStageId).toBe(result.id);
    expect(result.doc.stages[0]).toMatchObject({ name: 'stage', ref: 'stage', refFollowsName: true, kind: 'turn', instructions: '', blockId: withBlock.id });
    expect(result.doc.layout.positions[result.id]).toEqual({ x: BLOCK_PADDING, y: BLOCK_HEADER });
    expect(schemaErrors(result.doc)).toEqual([]);
  });

  it('keeps the entry stage, names and refs unique, and grows the block to hold the stage', () => {
    const doc = frozenSample();
    const result = addStage(doc, { blockId: 'b_identify', name: 'verify', kind: 'wait' });
    if (!result.ok) throw new Error(result.error);
    const stage = result.doc.stages.find((s) => s.id === result.id)!;
    expect(stage).toMatchObject({ name: 'verify_2', ref: 'verify_2', refFollowsName: true, kind: 'wait' });
    expect(result.doc.entryStageId).toBe('s_greet');
    const lowest = Math.max(...doc.stages.filter((s) => s.blockId === 'b_identify').map((s) => positionOf(doc, s.id).y));
    const y = lowest + STAGE_SIZE.height + STAGE_GAP;
    expect(result.doc.layout.positions[result.id]).toEqual({ x: BLOCK_PADDING, y });
    // The new stage is below the lowest one, so the block grows in height; its width already holds a stage at BLOCK_PADDING.
    const before = sizeOf(doc, 'b_identify');
    const height = y + STAGE_SIZE.height + BLOCK_PADDING;
    expect(height).toBeGreaterThan(before.height);
    expect(result.doc.layout.sizes.b_identify).toEqual({ width: Math.max(before.width, BLOCK_PADDING + STAGE_SIZE.width + BLOCK_PADDING), height });
    expect(result.doc.layout.sizes.b_booking).toBe(doc.layout.sizes.b_booking);
    expect(schemaErrors(result.doc)).toEqual([]);
  });

  it('refuses an unknown block and leaves the document as it was', () => {
    const doc = frozenSample();
    const result = addStage(doc, { blockId: 'nope' });
    expect(result).toEqual({ ok: false, doc, error: 'there is no block "nope" to add the stage to' });
    expect(result.doc).toBe(doc);
  });
});

describe('addTool', () => {
  it('adds a function tool visible everywhere with empty parameters', () => {
    const doc = frozenSample();
    const { doc: next, id } = addTool(doc, { name: 'book' });
    expect(next.tools.find((t) => t.id === id)).toEqual({
      id, kind: 'function', name: 'book_2', description: '', fallback: false, pii: [], scope: { kind: 'all' },
      parameters: { type: 'object', properties: {}, required: [], additionalProperties: false },
    });
    expect(schemaErrors(next)).toEqual([]);
  });

  it('gives an mcp tool an empty server and keeps the given scope', () => {
    const scope = deepFreeze({ kind: 'stages' as const, stageIds: ['s_choose'] });
    const { doc: next, id } = addTool(frozenSample(), { kind: 'mcp', scope });
    const tool = next.tools.find((t) => t.id === id)!;
    expect(tool.name).toBe('new_tool');
    expect(tool.scope).toEqual(scope);
    expect(tool.mcp).toEqual({ serverLabel: 'new_tool', serverUrl: '', allowedTools: [], headers: {} });
    expect(schemaErrors(next)).toEqual([]);
  });
});

describe('addStateField', () => {
  it('adds a private, non-pii field with a default of its type', () => {
    const { doc: next, id } = addStateField(frozenSample(), { name: 'caller_phone', type: 'integer' });
    expect(next.state.find((f) => f.id === id)).toEqual({ id, name: 'caller_phone_2', type: 'integer', default: 0, pii: false, visibility: 'private' });
    const plain = addStateField(frozenSample());
    expect(plain.doc.state.at(-1)).toMatchObject({ name: 'field', type: 'string', default: '' });
    expect(schemaErrors(next)).toEqual([]);
  });
});
