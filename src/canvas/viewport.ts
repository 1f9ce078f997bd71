import type { Rect } from '../model/ops';

/**
 * The floating toolbar (the palette, top left) covers the top of the canvas: fit view and every
 * placement keep this much clear, so no card's title sits under it. Its bottom edge is at about
 * 15 px margin + 34 px tall; 64 px leaves a gap.
 */
export const TOOLBAR_INSET = 64;
/**
 * The other sides: past the 40 px band where xyflow auto-pans a connection being drawn, so the
 * outermost cards' handles can be grabbed without the canvas sliding away under the pointer.
 */
const EDGE_INSET = 48;

/** Fit view's padding, in screen pixels: clear of the toolbar on top. */
export const FIT_VIEW_OPTIONS = {
  padding: { top: `${TOOLBAR_INSET}px`, bottom: `${EDGE_INSET}px`, left: `${EDGE_INSET}px`, right: `${EDGE_INSET}px` },
  maxZoom: 1,
} as const;

/** The part of a canvas of `size` that fit view fills with the cards: less its insets. */
export const fitArea = (size: { width: number; height: number }) => ({ width: size.width - 2 * EDGE_INSET, height: size.height - TOOLBAR_INSET - EDGE_INSET });

/** The minimap's box (xyflow's default size and panel margin). */
export const MINIMAP_BOX = { width: 200, height: 150, margin: 15 };

export type MinimapCorner = 'bottom-right' | 'top-right' | 'hidden';

/** The part of the canvas a person sees, in flow coordinates, less the strip under the toolbar. */
export function visibleFlowRect(transform: readonly [number, number, number], size: { width: number; height: number }): Rect {
  const [x, y, zoom] = transform;
  const left = EDGE_INSET;
  const top = TOOLBAR_INSET;
  return {
    x: (left - x) / zoom,
    y: (top - y) / zoom,
    width: Math.max(1, size.width - left - EDGE_INSET) / zoom,
    height: Math.max(1, size.height - top - EDGE_INSET) / zoom,
  };
}

export const contains = (outer: Rect, inner: Rect) =>
  inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.width <= outer.x + outer.width && inner.y + inner.height <= outer.y + outer.height;

const intersects = (a: Rect, b: Rect) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Where the minimap goes so it never covers a card it can keep off: its usual corner (bottom
 * right), else the top right, else nowhere. It keeps off the selected cards always, and off every
 * card while the whole agent is in view (fitted, it has nothing to show a person that the canvas
 * does not); zoomed in, it covers what it must to be there, in the corner with fewer cards under
 * it. Rectangles are in screen pixels relative to the canvas.
 */
export function minimapCorner(selected: readonly Rect[], size: { width: number; height: number }, cards: readonly Rect[] = [], wholeInView = false): MinimapCorner {
  const { width, height, margin } = MINIMAP_BOX;
  const bottom = { x: size.width - margin - width, y: size.height - margin - height, width, height };
  const top = { x: size.width - margin - width, y: margin, width, height };
  const avoid = wholeInView ? [...selected, ...cards] : selected;
  const under = (corner: Rect, rects: readonly Rect[]) => rects.filter((r) => intersects(r, corner)).length;
  const bottomFree = under(bottom, avoid) === 0;
  const topFree = under(top, avoid) === 0;
  if (bottomFree && topFree && !wholeInView && under(bottom, cards) > under(top, cards)) return 'top-right';
  if (bottomFree) return 'bottom-right';
  if (topFree) return 'top-right';
  return 'hidden';
}

/** The viewport that shows `box`'s centre in the middle of the visible part (below the toolbar), at `zoom`. */
export function viewportCentredOn(box: Rect, zoom: number, size: { width: number; height: number }): { x: number; y: number; zoom: number } {
  const screenX = EDGE_INSET + (size.width - 2 * EDGE_INSET) / 2;
  const screenY = TOOLBAR_INSET + (size.height - TOOLBAR_INSET - EDGE_INSET) / 2;
  return { x: screenX - (box.x + box.width / 2) * zoom, y: screenY - (box.y + box.height / 2) * zoom, zoom };
}
