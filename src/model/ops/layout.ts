import type { AgentDocument, Point, Size } from '../types';

// The canvas draws a stage at a fixed footprint; the numbers reproduce the sample's layout, so a
// stage added below the last one lands where a hand-placed one would.
export const STAGE_SIZE: Size = { width: 260, height: 150 };
export const BLOCK_PADDING = 20;
/** Room above the first stage for the block's title bar. */
export const BLOCK_HEADER = 48;
export const STAGE_GAP = 30;
export const BLOCK_GAP = 60;
export const DEFAULT_BLOCK_SIZE: Size = { width: 300, height: 220 };

/** Where the next block goes: to the right of the rightmost one. */
export function nextBlockPosition(doc: AgentDocument): Point {
  let best: Point | undefined;
  let right = -Infinity;
  for (const block of doc.blocks) {
    const at = doc.layout.positions[block.id];
    if (!at) continue;
    const edge = at.x + (doc.layout.sizes[block.id] ?? DEFAULT_BLOCK_SIZE).width;
    if (edge > right) {
      right = edge;
      best = at;
    }
  }
  return best ? { x: right + BLOCK_GAP, y: best.y } : { x: 0, y: 0 };
}

/** Where the next stage of a block goes: under its lowest stage (positions are block-relative). */
export function nextStagePosition(doc: AgentDocument, blockId: string): Point {
  const ys = doc.stages
    .filter((s) => s.blockId === blockId)
    .map((s) => doc.layout.positions[s.id]?.y)
    .filter((y): y is number => y !== undefined);
  if (ys.length === 0) return { x: BLOCK_PADDING, y: BLOCK_HEADER };
  return { x: BLOCK_PADDING, y: Math.max(...ys) + STAGE_SIZE.height + STAGE_GAP };
}

/** The smallest size that shows every stage of the block whole. */
export function contentSize(doc: AgentDocument, blockId: string): Size {
  let { width, height } = DEFAULT_BLOCK_SIZE;
  for (const stage of doc.stages) {
    if (stage.blockId !== blockId) continue;
    const at = doc.layout.positions[stage.id];
    if (!at) continue;
    width = Math.max(width, at.x + STAGE_SIZE.width + BLOCK_PADDING);
    height = Math.max(height, at.y + STAGE_SIZE.height + BLOCK_PADDING);
  }
  return { width, height };
}

/** The block's size after growing (never shrinking) to hold its stages; undefined when it already fits. */
export function grownSize(doc: AgentDocument, blockId: string): Size | undefined {
  const current = doc.layout.sizes[blockId];
  const needed = contentSize(doc, blockId);
  if (current && current.width >= needed.width && current.height >= needed.height) return undefined;
  return { width: Math.max(current?.width ?? 0, needed.width), height: Math.max(current?.height ?? 0, needed.height) };
}
