// Where the minimap looks: the cards' bounds and the viewport's, fitted into the minimap's box
// with a margin, as xyflow's <MiniMap> computes them (so its pan and wheel handlers, XYMinimap,
// which convert minimap pixels with the same view scale, move the canvas by the same amounts).
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface MinimapView {
  /** The flow area shown, in flow units: the minimap's box maps onto it. */
  shown: Rect;
  /** Flow units per minimap pixel. */
  viewScale: number;
  /** The part of the flow the canvas shows now (the unmasked window). */
  viewport: Rect;
}

/** Margin around the cards, in minimap pixels (xyflow's offsetScale). */
export const MINIMAP_MARGIN_PX = 5;

const union = (a: Rect, b: Rect): Rect => {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y };
};

/**
 * `cards`: the bounds of every shown card, or null when there is none. `transform`: the canvas's
 * [x, y, zoom]; `pane`: its size in screen pixels; `box`: the minimap's size in pixels.
 */
export function minimapView(cards: Rect | null, transform: readonly [number, number, number], pane: { width: number; height: number }, box: { width: number; height: number }): MinimapView {
  const [tx, ty, zoom] = transform;
  const viewport = { x: (0 - tx) / zoom, y: (0 - ty) / zoom, width: pane.width / zoom, height: pane.height / zoom };
  const bounds = cards ? union(cards, viewport) : viewport;
  const viewScale = Math.max(bounds.width / box.width, bounds.height / box.height) || 1;
  const viewWidth = viewScale * box.width;
  const viewHeight = viewScale * box.height;
  const offset = MINIMAP_MARGIN_PX * viewScale;
  return {
    shown: {
      x: bounds.x - (viewWidth - bounds.width) / 2 - offset,
      y: bounds.y - (viewHeight - bounds.height) / 2 - offset,
      width: viewWidth + offset * 2,
      height: viewHeight + offset * 2,
    },
    viewScale,
    viewport,
  };
}

/** How `shown` sits in the box, as an SVG viewBox does (uniform scale, centred): pixel = (flow − shown.xy) × scale + d. */
export function fitToBox(shown: Rect, box: { width: number; height: number }): { scale: number; dx: number; dy: number } {
  const scale = Math.min(box.width / shown.width, box.height / shown.height);
  return { scale, dx: (box.width - shown.width * scale) / 2, dy: (box.height - shown.height * scale) / 2 };
}
