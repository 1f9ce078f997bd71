// Whether an outline row's label surely fits its row, worked out from the text alone (no layout).
// A label that might not fit is clipped with an ellipsis; clipping every label gave each of the
// hundreds of rows of a big agent a clip of its own, which the browser re-layered on every
// keystroke anywhere on the page (issue 16: half the layerize cost of typing on the 500-stage
// agent). So only the rows that may need it get the clip, and the estimate errs towards clipping.

/** A generous width per character, in px, for the outline's 13 px sans and 12 px mono labels. */
const PX_PER_UNIT = 7.5;
/** The hints' 11 px text. */
const HINT_PX_PER_UNIT = 6.5;
/** Left padding by depth (outline.css), plus the row's right padding and the gap before a hint. */
const PADDING_PX = [10, 22, 36];
const RIGHT_PADDING_PX = 10;
const GAP_PX = 6;

/** Narrow lower-case letters count 1, capitals 1.3, anything beyond ASCII (accents, CJK, emoji) 2. */
export function widthUnits(text: string): number {
  let units = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    units += code > 0x7e ? 2 : code >= 0x41 && code <= 0x5a ? 1.3 : 1;
  }
  return units;
}

/** True only when the label and its hint fit in `rowWidth` px with room to spare. */
export function labelFits(label: string, hint: string | undefined, depth: number, rowWidth: number): boolean {
  const hintPx = hint ? widthUnits(hint) * HINT_PX_PER_UNIT + GAP_PX : 0;
  const room = rowWidth - (PADDING_PX[depth] ?? PADDING_PX[PADDING_PX.length - 1]) - RIGHT_PADDING_PX - hintPx;
  return widthUnits(label) * PX_PER_UNIT <= room;
}
