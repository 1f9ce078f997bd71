import type { AgentDocument, Point, Size } from '../types';
import { BLOCK_HEADER, BLOCK_PADDING, DEFAULT_BLOCK_SIZE, STAGE_SIZE } from './layout';

/** A rectangle in canvas coordinates: absolute for blocks, block-relative for stages. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Space kept between a placed card and its neighbours. */
export const PLACEMENT_GAP = 20;
/** Between a new stage and its block's others. */
export const NEW_STAGE_GAP = 40;
const STEP = 20;
const RINGS = 40;

export function overlaps(a: Rect, b: Rect, gap = 0): boolean {
  return a.x < b.x + b.width + gap && b.x < a.x + a.width + gap && a.y < b.y + b.height + gap && b.y < a.y + a.height + gap;
}

/**
 * The point nearest `start` (on a 20 px grid round it) at which `fits` holds; ties go right, then
 * down, so a copy lands beside or under its original rather than above it.
 */
export function nearestFree(fits: (offset: Point) => boolean, start: Point = { x: 0, y: 0 }): Point {
  const candidates: Point[] = [];
  for (let i = -RINGS; i <= RINGS; i++) for (let j = -RINGS; j <= RINGS; j++) candidates.push({ x: start.x + i * STEP, y: start.y + j * STEP });
  const cost = (p: Point) => Math.hypot(p.x - start.x, p.y - start.y) - (p.x > start.x ? 0.2 : 0) - (p.y > start.y ? 0.1 : 0);
  candidates.sort((a, b) => cost(a) - cost(b));
  return candidates.find(fits) ?? { x: start.x + (RINGS + 1) * STEP, y: start.y };
}

/** The stages of a block, block-relative, as rectangles (those without a position are skipped). */
export function stageRects(doc: AgentDocument, blockId: string, except: ReadonlySet<string> = new Set()): Rect[] {
  return doc.stages
    .filter((s) => s.blockId === blockId && !except.has(s.id) && doc.layout.positions[s.id])
    .map((s) => ({ ...doc.layout.positions[s.id], ...STAGE_SIZE }));
}

export function blockRects(doc: AgentDocument, except: ReadonlySet<string> = new Set()): Rect[] {
  return doc.blocks
    .filter((b) => !except.has(b.id) && doc.layout.positions[b.id])
    .map((b) => ({ ...doc.layout.positions[b.id], ...(doc.layout.sizes[b.id] ?? DEFAULT_BLOCK_SIZE) }));
}

/** The absolute rectangle an entity takes on the canvas; undefined when it has no position. */
export function entityRect(doc: AgentDocument, id: string): Rect | undefined {
  const at = doc.layout.positions[id];
  if (!at) return undefined;
  if (doc.blocks.some((b) => b.id === id)) return { ...at, ...(doc.layout.sizes[id] ?? DEFAULT_BLOCK_SIZE) };
  const stage = doc.stages.find((s) => s.id === id);
  if (!stage) return undefined;
  const block = doc.layout.positions[stage.blockId] ?? { x: 0, y: 0 };
  return { x: block.x + at.x, y: block.y + at.y, ...STAGE_SIZE };
}

const centredIn = (view: Rect, size: Size): Point => ({ x: Math.round(view.x + (view.width - size.width) / 2), y: Math.round(view.y + (view.height - size.height) / 2) });
const snap = (p: Point): Point => ({ x: Math.round(p.x / STEP) * STEP, y: Math.round(p.y / STEP) * STEP });

/** Where a new block goes: as near the middle of `view` (absolute) as no other block is. */
export function blockSpotIn(doc: AgentDocument, view: Rect, size: Size = DEFAULT_BLOCK_SIZE): Point {
  const taken = blockRects(doc);
  const start = snap(centredIn(view, size));
  return nearestFree((p) => !taken.some((r) => overlaps({ ...p, ...size }, r, PLACEMENT_GAP)), start);
}

/**
 * Where a new stage of `blockId` goes (block-relative): as near the middle of `view` as the block's
 * inside allows, clear of its other stages. The block grows when the spot is past its edge.
 */
export function stageSpotIn(doc: AgentDocument, blockId: string, view: Rect): Point {
  const origin = doc.layout.positions[blockId] ?? { x: 0, y: 0 };
  const size = doc.layout.sizes[blockId] ?? DEFAULT_BLOCK_SIZE;
  const wanted = centredIn(view, STAGE_SIZE);
  const clamp = (v: number, low: number, high: number) => Math.min(Math.max(v, low), Math.max(low, high));
  const start = {
    x: clamp(wanted.x - origin.x, BLOCK_PADDING, size.width - BLOCK_PADDING - STAGE_SIZE.width),
    y: clamp(wanted.y - origin.y, BLOCK_HEADER, size.height - BLOCK_PADDING - STAGE_SIZE.height),
  };
  const taken = stageRects(doc, blockId);
  // Wider apart than a pasted copy: room between the cards for the edges to pass and turn.
  return nearestFree((p) => p.x >= BLOCK_PADDING && p.y >= BLOCK_HEADER && !taken.some((r) => overlaps({ ...p, ...STAGE_SIZE }, r, NEW_STAGE_GAP)), start);
}

/** What a paste or duplicate moves: blocks (absolute) and stages pasted into an existing block (relative). */
export interface MovedGroup {
  blocks: Rect[];
  stages: { blockId: string; rect: Rect }[];
}

/**
 * The smallest shift at which nothing of `group` overlaps what the document already holds: a
 * copy beside its original, never on top of it. (0, 0) when the spot is free already.
 */
export function freeShift(doc: AgentDocument, group: MovedGroup): Point {
  const blocks = blockRects(doc);
  const siblings = new Map<string, Rect[]>();
  for (const { blockId } of group.stages) if (!siblings.has(blockId)) siblings.set(blockId, stageRects(doc, blockId));
  const shifted = (r: Rect, d: Point): Rect => ({ ...r, x: r.x + d.x, y: r.y + d.y });
  return nearestFree((d) =>
    group.blocks.every((r) => !blocks.some((b) => overlaps(shifted(r, d), b, PLACEMENT_GAP))) &&
    group.stages.every(({ blockId, rect }) => {
      const at = shifted(rect, d);
      return at.x >= BLOCK_PADDING && at.y >= BLOCK_HEADER && !siblings.get(blockId)!.some((s) => overlaps(at, s, PLACEMENT_GAP));
    }));
}
