// The chat's rows cut into blocks of a few steps (ChatRows.tsx draws them). Pure, so that which
// block a run's change leaves as it was, and which it draws again, is unit-tested.
import type { ChatItem } from '../../run/chat-items';
import type { AppState } from '../../store/types';

type SimFocus = AppState['simFocus'];

/**
 * The items, each replaced by the object kept from the last build when it is the same: chatItems
 * builds every item afresh, and a new object would re-render its (memoised) row. `kept` is left
 * holding this build's items.
 */
export function sameItemsKept(kept: Map<string, ChatItem>, items: ChatItem[]): ChatItem[] {
  const out = items.map((item) => {
    const before = kept.get(item.key);
    return before && sameJson(before, item) ? before : item;
  });
  kept.clear();
  for (const item of out) kept.set(item.key, item);
  return out;
}

/**
 * Whether two JSON-like values read the same (as JSON.stringify would write them: keys in order,
 * a key holding undefined is no key), compared in place: writing every item out again each step cost more than
 * the comparison.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((x, i) => sameJson(x === undefined ? null : x, other[i] === undefined ? null : other[i]));
  }
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  // In the same order too: a row writes some values out as JSON (a tool's arguments).
  return ka.length === kb.length && ka.every((k, i) => k === kb[i] && sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/**
 * How many steps one block of the chat holds. A step adds its rows to the last block only, so a
 * new step re-renders that block's rows at most, not every row of the run; and a block, not each
 * row, is what the browser skips off screen (content-visibility), which keeps the work of each
 * frame from growing with the run's rows.
 */
export const STEPS_PER_BLOCK = 10;

export interface ChatBlockItems {
  key: string;
  /** turn / STEPS_PER_BLOCK of its items. */
  no: number;
  /** The steps (ChatItem.turn) the block's items belong to, first and last. */
  first: number;
  last: number;
  items: ChatItem[];
}

/**
 * The items cut into blocks of STEPS_PER_BLOCK steps, each block's list kept from `kept` when its
 * items are the same objects (sameItemsKept keeps an unchanged item's object): a kept list leaves
 * its memoised block as it was. `kept` is left holding this build's blocks.
 */
export function blocksKept(kept: Map<string, ChatBlockItems>, items: readonly ChatItem[]): ChatBlockItems[] {
  const blocks: ChatBlockItems[] = [];
  for (const item of items) {
    const last = blocks.at(-1);
    const no = Math.floor(item.turn / STEPS_PER_BLOCK);
    if (last && last.no === no) {
      last.items.push(item);
      last.first = Math.min(last.first, item.turn);
      last.last = Math.max(last.last, item.turn);
    } else blocks.push({ key: `block-${item.key}`, no, first: item.turn, last: item.turn, items: [item] });
  }
  const out = blocks.map((block) => {
    const before = kept.get(block.key);
    return before && before.items.length === block.items.length && before.items.every((item, i) => item === block.items[i]) ? before : block;
  });
  kept.clear();
  for (const block of out) kept.set(block.key, block);
  return out;
}

/** Whether a focus lies in a block: only that block is handed it, so moving it re-renders two blocks at most. */
export const focusIn = (block: ChatBlockItems, focus: SimFocus): SimFocus =>
  focus !== null && focus.step >= block.first && focus.step <= block.last ? focus : null;
