import { describe, expect, it } from 'vitest';
import type { ChatItem } from '../../run/chat-items';
import { blocksKept, focusIn, sameItemsKept, sameJson, STEPS_PER_BLOCK, type ChatBlockItems } from './chat-blocks';

/** A caller and an agent line for each of `steps` steps, built afresh as chatItems builds them. */
const itemsOf = (steps: number, agentText = (turn: number) => `answer ${turn}`): ChatItem[] =>
  Array.from({ length: steps }, (_, i) => i + 1).flatMap((turn): ChatItem[] => [
    { key: `line-${2 * turn}`, turn, stepIndex: turn - 1, kind: 'caller', text: `line ${turn}` },
    { key: `line-${2 * turn + 1}`, turn, stepIndex: turn - 1, kind: 'agent', text: agentText(turn) },
  ]);

function build(items: ChatItem[], keptItems = new Map<string, ChatItem>(), keptBlocks = new Map<string, ChatBlockItems>()) {
  return { blocks: blocksKept(keptBlocks, sameItemsKept(keptItems, items)), keptItems, keptBlocks };
}

describe('the chat in blocks of steps', () => {
  it('holds every item in order, STEPS_PER_BLOCK steps a block', () => {
    const items = itemsOf(2 * STEPS_PER_BLOCK + 3);
    const { blocks } = build(items);
    expect(blocks.flatMap((b) => b.items)).toEqual(items);
    expect(blocks.map((b) => [b.first, b.last])).toEqual([[1, STEPS_PER_BLOCK - 1], [STEPS_PER_BLOCK, 2 * STEPS_PER_BLOCK - 1], [2 * STEPS_PER_BLOCK, 2 * STEPS_PER_BLOCK + 3]]);
    expect(new Set(blocks.map((b) => b.key)).size).toBe(blocks.length);
  });

  it('keeps the blocks a new step leaves as they were, the same objects', () => {
    const first = build(itemsOf(2 * STEPS_PER_BLOCK + 1));
    const next = build(itemsOf(2 * STEPS_PER_BLOCK + 2), first.keptItems, first.keptBlocks);
    expect(next.blocks.slice(0, -1)).toEqual(first.blocks.slice(0, -1));
    next.blocks.slice(0, -1).forEach((block, i) => expect(block).toBe(first.blocks[i]));
    expect(next.blocks.at(-1)).not.toBe(first.blocks.at(-1));
    expect(next.blocks.at(-1)!.items).toHaveLength(first.blocks.at(-1)!.items.length + 2);
  });

  it('draws again a block whose item changed (a value masked once the run saw it as pii)', () => {
    const first = build(itemsOf(2 * STEPS_PER_BLOCK));
    const next = build(itemsOf(2 * STEPS_PER_BLOCK, (turn) => (turn === 2 ? '***' : `answer ${turn}`)), first.keptItems, first.keptBlocks);
    expect(next.blocks[0]).not.toBe(first.blocks[0]);
    expect(next.blocks[0].items.find((i) => i.turn === 2 && i.kind === 'agent')).toMatchObject({ text: '***' });
    // The unchanged rows of that block keep their objects (their memoised rows stay), and so do the other blocks.
    expect(next.blocks[0].items[0]).toBe(first.blocks[0].items[0]);
    expect(next.blocks[1]).toBe(first.blocks[1]);
  });

  it('draws again a block whose step was given its record (the step in flight ended)', () => {
    const running = itemsOf(3).map((item) => (item.turn === 3 ? { ...item, stepIndex: null } : item));
    const first = build(running);
    const next = build(itemsOf(3), first.keptItems, first.keptBlocks);
    expect(next.blocks[0]).not.toBe(first.blocks[0]);
    expect(next.blocks[0].items.filter((i) => i.turn === 3).map((i) => i.stepIndex)).toEqual([2, 2]);
  });

  it('hands a focus only to the block holding its step', () => {
    const { blocks } = build(itemsOf(2 * STEPS_PER_BLOCK - 1));
    const focus = { step: STEPS_PER_BLOCK + 1, tool: 'free_slots' };
    expect(blocks.map((b) => focusIn(b, focus))).toEqual([null, focus]);
    expect(blocks.map((b) => focusIn(b, null))).toEqual([null, null]);
  });

  it('compares items as their JSON reads', () => {
    const cases: [unknown, unknown][] = [
      [{ a: 1, b: [1, { c: 'x' }] }, { a: 1, b: [1, { c: 'x' }] }],
      [{ a: 1, b: 2 }, { b: 2, a: 1 }],
      [{ a: 1, gone: undefined }, { a: 1 }],
      [[undefined], [null]],
      [{ a: 1 }, { a: 2 }],
      [{ a: [1, 2] }, { a: [1, 2, 3] }],
      [{ a: {} }, { a: [] }],
      [{ a: null }, { a: {} }],
      ['1', 1],
      [{ a: 1 }, { b: 1 }],
    ];
    for (const [a, b] of cases) expect(sameJson(a, b)).toBe(JSON.stringify(a) === JSON.stringify(b));
  });
});
