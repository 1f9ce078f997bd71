import type { ToolChip } from './types';

/**
 * Which chips fit in `rows` rows of `rowWidth` pixels, the rest summed up as "+n". Estimated from
 * character counts (11px monospace) so the card keeps its fixed footprint without measuring.
 */
export function fitChips(chips: readonly ToolChip[], rowWidth: number, rows: number): { shown: ToolChip[]; hidden: number } {
  const CHAR = 6.7;
  const PAD = 14;
  const GAP = 4;
  const MORE = 30;
  const chipWidth = (c: ToolChip) => Math.min(rowWidth, c.name.length * CHAR + PAD);
  const shown: ToolChip[] = [];
  let row = 0;
  let x = 0;
  for (let i = 0; i < chips.length; i++) {
    const w = chipWidth(chips[i]);
    const needsMore = i < chips.length - 1;
    const fitsHere = x + w <= rowWidth;
    if (!fitsHere) {
      row++;
      x = 0;
    }
    // On the last row, keep room for the "+n" chip when more follow.
    const reserve = row === rows - 1 && needsMore ? MORE + GAP : 0;
    if (row >= rows || x + w + reserve > rowWidth) break;
    shown.push(chips[i]);
    x += w + GAP;
  }
  return { shown, hidden: chips.length - shown.length };
}
