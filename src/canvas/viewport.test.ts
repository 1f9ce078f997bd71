import { describe, expect, it } from 'vitest';
import { FIT_VIEW_OPTIONS, TOOLBAR_INSET, contains, minimapCorner, viewportCentredOn, visibleFlowRect } from './viewport';
import { FAR_ZOOM, BODY_FONT_PX, READABLE_PX, isFar } from './zoom-levels';

describe('the viewport', () => {
  it('sees the canvas below the toolbar, in flow coordinates', () => {
    const view = visibleFlowRect([100, 50, 0.5], { width: 1000, height: 600 });
    expect(view.y).toBe((TOOLBAR_INSET - 50) / 0.5);
    expect(view.x).toBe((48 - 100) / 0.5);
    expect(view.width).toBe((1000 - 96) / 0.5);
    expect(view.height).toBe((600 - TOOLBAR_INSET - 48) / 0.5);
    expect(FIT_VIEW_OPTIONS.padding.top).toBe(`${TOOLBAR_INSET}px`);
  });

  it('centres a box in the visible part, so it is then inside it', () => {
    const size = { width: 1000, height: 600 };
    const box = { x: 3000, y: -800, width: 260, height: 150 };
    const viewport = viewportCentredOn(box, 0.5, size);
    expect(contains(visibleFlowRect([viewport.x, viewport.y, viewport.zoom], size), box)).toBe(true);
    expect(contains(visibleFlowRect([0, 0, 0.5], size), box)).toBe(false);
  });

  it('moves the minimap off the selection: bottom right, else top right, else hidden', () => {
    const size = { width: 1000, height: 600 };
    expect(minimapCorner([], size)).toBe('bottom-right');
    expect(minimapCorner([{ x: 10, y: 10, width: 100, height: 100 }], size)).toBe('bottom-right');
    const bottomRight = { x: 900, y: 500, width: 60, height: 60 };
    expect(minimapCorner([bottomRight], size)).toBe('top-right');
    expect(minimapCorner([bottomRight, { x: 900, y: 20, width: 60, height: 60 }], size)).toBe('hidden');
  });

  it('keeps off every card while the whole agent is in view, and off the selection only when zoomed in', () => {
    const size = { width: 1000, height: 600 };
    const underBottom = { x: 900, y: 500, width: 60, height: 60 };
    const underTop = { x: 900, y: 20, width: 60, height: 60 };
    expect(minimapCorner([], size, [underBottom], true)).toBe('top-right');
    expect(minimapCorner([], size, [underBottom, underTop], true)).toBe('hidden');
    // Zoomed in it stays to find the way, in the corner with fewer cards under it.
    expect(minimapCorner([], size, [underBottom, underTop], false)).toBe('bottom-right');
    expect(minimapCorner([], size, [underBottom], false)).toBe('top-right');
  });

  it('hides body text where it would read under 9 px on screen', () => {
    expect(FAR_ZOOM).toBe(READABLE_PX / BODY_FONT_PX);
    expect(BODY_FONT_PX * FAR_ZOOM).toBe(9);
    expect(isFar(0.47)).toBe(true);
    expect(isFar(0.74)).toBe(true);
    expect(isFar(0.75)).toBe(false);
    expect(isFar(1)).toBe(false);
  });
});
