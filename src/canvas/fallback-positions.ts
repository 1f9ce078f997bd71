import type { AgentDocument, Point } from '../model';
import { BLOCK_HEADER, BLOCK_PADDING, DEFAULT_BLOCK_SIZE, STAGE_GAP, STAGE_SIZE } from '../model/ops/layout';

/** Positions the canvas shows for entities the layout does not place yet (before the one-time auto-layout). */
export function fallbackPositions(doc: AgentDocument): Map<string, Point> {
  const result = new Map<string, Point>();
  const { positions } = doc.layout;
  let right = 0;
  for (const block of doc.blocks) {
    const at = positions[block.id];
    if (at) right = Math.max(right, at.x + (doc.layout.sizes[block.id] ?? DEFAULT_BLOCK_SIZE).width);
  }
  for (const block of doc.blocks) {
    if (positions[block.id]) continue;
    result.set(block.id, { x: right === 0 && result.size === 0 ? 0 : right + 60, y: 0 });
    right = result.get(block.id)!.x + (doc.layout.sizes[block.id] ?? DEFAULT_BLOCK_SIZE).width;
  }
  const lowest = new Map<string, number>();
  for (const stage of doc.stages) {
    const at = positions[stage.id];
    if (at) lowest.set(stage.blockId, Math.max(lowest.get(stage.blockId) ?? -Infinity, at.y));
  }
  for (const stage of doc.stages) {
    if (positions[stage.id]) continue;
    const below = lowest.get(stage.blockId);
    const y = below === undefined ? BLOCK_HEADER : below + STAGE_SIZE.height + STAGE_GAP;
    lowest.set(stage.blockId, y);
    result.set(stage.id, { x: BLOCK_PADDING, y });
  }
  return result;
}
