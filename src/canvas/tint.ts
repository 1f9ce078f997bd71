import type { Block } from '../model';

// Mid-saturation hues that stay distinguishable when mixed into a light or a dark panel colour
// (the CSS mixes them with var(--panel), so one value serves both themes).
export const BLOCK_PALETTE = ['#3b82f6', '#10b981', '#f59e0b', '#8b5cf6', '#ef4444', '#06b6d4', '#ec4899', '#84cc16'];

/** A block's own colour when it has one, else the palette's colour for its position. */
export function blockTint(block: Pick<Block, 'color'>, index: number): string {
  const own = block.color?.trim();
  return own ? own : BLOCK_PALETTE[((index % BLOCK_PALETTE.length) + BLOCK_PALETTE.length) % BLOCK_PALETTE.length];
}
