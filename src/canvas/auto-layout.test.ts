import { describe, expect, it } from 'vitest';
import { produce } from 'immer';
import type { AgentDocument } from '../model';
import { frozenSample } from '../model/ops/testing';
import { STAGE_SIZE } from '../model/ops/layout';
import { DEFAULT_LAYOUT_VIEW, autoLayout, withLayout } from './auto-layout';

interface Box { id: string; x: number; y: number; width: number; height: number }

function stageBoxes(doc: AgentDocument): Box[] {
  return doc.stages.map((s) => {
    const block = doc.layout.positions[s.blockId];
    const at = doc.layout.positions[s.id];
    return { id: s.id, x: block.x + at.x, y: block.y + at.y, ...STAGE_SIZE };
  });
}

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('autoLayout', () => {
  it('places every block and stage without overlaps, stages inside their blocks', async () => {
    const doc = await autoLayout(frozenSample());
    const boxes = stageBoxes(doc);
    for (const a of boxes) for (const b of boxes) if (a !== b) expect(overlaps(a, b), `${a.id} overlaps ${b.id}`).toBe(false);
    const blocks = doc.blocks.map((b) => ({ id: b.id, ...doc.layout.positions[b.id], ...doc.layout.sizes[b.id] }));
    for (const a of blocks) for (const b of blocks) if (a !== b) expect(overlaps(a, b), `${a.id} overlaps ${b.id}`).toBe(false);
    for (const stage of doc.stages) {
      const at = doc.layout.positions[stage.id];
      const size = doc.layout.sizes[stage.blockId];
      expect(at.x).toBeGreaterThanOrEqual(0);
      expect(at.y).toBeGreaterThanOrEqual(40);
      expect(at.x + STAGE_SIZE.width).toBeLessThanOrEqual(size.width);
      expect(at.y + STAGE_SIZE.height).toBeLessThanOrEqual(size.height);
    }
  });

  it('flows left to right along the edges and changes nothing but the layout', async () => {
    const before = frozenSample();
    const doc = await autoLayout(before);
    // In reading order: each next stage right of the one before in its row, or in a row below.
    const box = (id: string) => stageBoxes(doc).find((b) => b.id === id)!;
    const order = ['s_greet', 's_identity', 's_verify', 's_choose', 's_goodbye'];
    for (let i = 1; i < order.length; i++) {
      const [a, b] = [box(order[i - 1]), box(order[i])];
      const sameRow = Math.abs(a.y - b.y) < STAGE_SIZE.height;
      expect(sameRow ? b.x > a.x : b.y >= a.y + STAGE_SIZE.height, `${order[i]} after ${order[i - 1]}`).toBe(true);
    }
    expect({ ...doc, layout: before.layout }).toEqual(before);
  });

  it('lays out a document that has no positions at all, empty blocks included', async () => {
    const bare = produce(frozenSample(), (d) => {
      d.layout = { positions: {}, sizes: {} };
      d.blocks.push({ id: 'b_empty', name: 'Empty', ref: 'empty', intent: false });
    });
    const doc = await autoLayout(bare);
    for (const e of [...doc.blocks, ...doc.stages]) expect(doc.layout.positions[e.id], e.id).toBeDefined();
    for (const b of doc.blocks) expect(doc.layout.sizes[b.id], b.id).toBeDefined();
  });
});

describe('withLayout', () => {
  it('returns the same document when nothing moves, and ignores entities that are gone', () => {
    const doc = frozenSample();
    expect(withLayout(doc, doc.layout)).toBe(doc);
    const moved = withLayout(doc, { positions: { s_greet: { x: 1, y: 2 }, gone: { x: 0, y: 0 } }, sizes: {} });
    expect(moved.layout.positions.s_greet).toEqual({ x: 1, y: 2 });
    expect(moved.layout.positions.gone).toBeUndefined();
  });
});

describe('autoLayout with the code\'s stage flow', () => {
  it('orders the layers by the edges the code sets, so a class whose flow is in its code is not one column', async () => {
    // One block, no document edges: only the code moves the call greet → identity → verify.
    const doc = produce(frozenSample(), (d) => {
      d.target = 'pinecall';
      d.edges = [];
      d.stages.forEach((s) => { s.blockId = d.blocks[0].id; });
      d.blocks.forEach((b) => { b.looping = undefined; });
    });
    const at = (x: AgentDocument, id: string) => x.layout.positions[id].x;
    const plain = await autoLayout(doc);
    const spot = { member: 'm', offset: 0, line: 1, column: 1 };
    const tool = doc.tools[0];
    const scoped = produce(doc, (d) => { d.tools[0].scope = { kind: 'stages', stageIds: ['s_greet'] }; d.tools[1].scope = { kind: 'stages', stageIds: ['s_identity'] }; });
    const laid = await autoLayout(scoped, {
      writes: [{ tool: tool.name, to: 'identify', at: spot }, { tool: doc.tools[1].name, to: 'verify', at: spot }],
      unresolved: [], unknownStages: [],
    });
    expect(at(laid, 's_greet')).toBeLessThan(at(laid, 's_identity'));
    expect(at(laid, 's_identity')).toBeLessThan(at(laid, 's_verify'));
    // Without the code's flow nothing orders them so.
    expect(at(plain, 's_greet') < at(plain, 's_identity') && at(plain, 's_identity') < at(plain, 's_verify')).toBe(false);
  });
});

describe('autoLayout for the view it is fitted to', () => {
  it('wraps a long agent into rows shaped like the canvas, blocks and stages clear of each other', async () => {
    const { generateAgent } = await import('../../bench/generate-agent');
    const doc = await autoLayout(generateAgent({ blocks: 6, stagesPerBlock: 10, globalTools: 2, tools: 12 }), undefined, DEFAULT_LAYOUT_VIEW);
    const blocks = doc.blocks.map((b) => ({ id: b.id, ...doc.layout.positions[b.id], ...doc.layout.sizes[b.id] }));
    for (const a of blocks) for (const b of blocks) if (a !== b) expect(overlaps(a, b), `${a.id} overlaps ${b.id}`).toBe(false);
    const boxes = stageBoxes(doc);
    for (const a of boxes) for (const b of boxes) if (a !== b) expect(overlaps(a, b), `${a.id} overlaps ${b.id}`).toBe(false);
    const width = Math.max(...blocks.map((b) => b.x + b.width)) - Math.min(...blocks.map((b) => b.x));
    const height = Math.max(...blocks.map((b) => b.y + b.height)) - Math.min(...blocks.map((b) => b.y));
    const zoom = Math.min(DEFAULT_LAYOUT_VIEW.width / width, DEFAULT_LAYOUT_VIEW.height / height);
    // 60 stages in one row would fit at ~0.03; in rows, the stages' names can be read (name-fit.ts).
    expect(zoom).toBeGreaterThan(0.22);
    expect(width / height).toBeGreaterThan(0.7);
    expect(width / height).toBeLessThan(3);
  });

  it('puts the blocks in the order the call reaches them', async () => {
    // End listed first, reached last: it is laid out last.
    const doc = produce(frozenSample(), (d) => {
      d.blocks.unshift(d.blocks.pop()!);
    });
    const laid = await autoLayout(doc);
    const at = (id: string) => laid.layout.positions[id];
    const reading = (id: string) => at(id).y * 10_000 + at(id).x;
    const order = [...laid.blocks].sort((a, b) => reading(a.id) - reading(b.id)).map((b) => b.name);
    expect(order).toEqual(['Greeting', 'Identify', 'Booking', 'End']);
  });
});
