import { describe, expect, it } from 'vitest';
import { blockSpotIn, entityRect, freeShift, nearestFree, overlaps, stageSpotIn, stageRects, blockRects } from './placement';
import { BLOCK_HEADER, BLOCK_PADDING, DEFAULT_BLOCK_SIZE, STAGE_SIZE } from './layout';
import { frozenSample } from './testing';

describe('placement', () => {
  it('tells overlapping rectangles, with a gap counted as overlap', () => {
    const a = { x: 0, y: 0, width: 100, height: 50 };
    expect(overlaps(a, { x: 99, y: 0, width: 10, height: 10 })).toBe(true);
    expect(overlaps(a, { x: 100, y: 0, width: 10, height: 10 })).toBe(false);
    expect(overlaps(a, { x: 110, y: 0, width: 10, height: 10 }, 20)).toBe(true);
  });

  it('finds the nearest free point, preferring right, then down', () => {
    expect(nearestFree(() => true, { x: 5, y: 5 })).toEqual({ x: 5, y: 5 });
    expect(nearestFree((p) => p.x !== 0 || p.y !== 0)).toEqual({ x: 20, y: 0 });
    expect(nearestFree((p) => p.x === 0 && p.y >= 60)).toEqual({ x: 0, y: 60 });
  });

  it('puts a new block near the middle of the view, clear of the other blocks', () => {
    const doc = frozenSample();
    const [first] = blockRects(doc);
    // A view centred on the first block: the new one goes beside it, still near the centre.
    const view = { x: first.x - 200, y: first.y - 200, width: first.width + 400, height: first.height + 400 };
    const at = blockSpotIn(doc, view);
    const box = { ...at, ...DEFAULT_BLOCK_SIZE };
    for (const other of blockRects(doc)) expect(overlaps(box, other)).toBe(false);
    const empty = { x: 5000, y: 5000, width: 1000, height: 800 };
    // Nothing there: centred in the view (to the 20 px grid).
    const free = blockSpotIn(doc, empty);
    expect(Math.abs(free.x + DEFAULT_BLOCK_SIZE.width / 2 - 5500)).toBeLessThanOrEqual(10);
    expect(Math.abs(free.y + DEFAULT_BLOCK_SIZE.height / 2 - 5400)).toBeLessThanOrEqual(10);
  });

  it('puts a new stage inside its block, near the view, clear of its siblings', () => {
    const doc = frozenSample();
    const block = entityRect(doc, 'b_booking')!;
    const at = stageSpotIn(doc, 'b_booking', block);
    expect(at.x).toBeGreaterThanOrEqual(BLOCK_PADDING);
    expect(at.y).toBeGreaterThanOrEqual(BLOCK_HEADER);
    for (const sibling of stageRects(doc, 'b_booking')) expect(overlaps({ ...at, ...STAGE_SIZE }, sibling)).toBe(false);
    // The view far to the right of the block: the spot stays at the block's near edge, not off in the view.
    const far = stageSpotIn(doc, 'b_booking', { x: block.x + 10_000, y: block.y, width: 800, height: 600 });
    expect(far.x).toBeLessThan(block.width + STAGE_SIZE.width);
  });

  it('shifts a copy off what it copies, and not at all where the spot is free', () => {
    const doc = frozenSample();
    const stage = { blockId: 'b_booking', rect: { ...doc.layout.positions.s_choose, ...STAGE_SIZE } };
    const shift = freeShift(doc, { blocks: [], stages: [stage] });
    expect(shift).not.toEqual({ x: 0, y: 0 });
    const moved = { ...stage.rect, x: stage.rect.x + shift.x, y: stage.rect.y + shift.y };
    for (const sibling of stageRects(doc, 'b_booking')) expect(overlaps(moved, sibling)).toBe(false);
    expect(freeShift(doc, { blocks: [{ x: 9000, y: 9000, width: 300, height: 200 }], stages: [] })).toEqual({ x: 0, y: 0 });
  });
});
