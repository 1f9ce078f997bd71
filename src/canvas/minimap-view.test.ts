import { describe, expect, it } from 'vitest';
import { MINIMAP_MARGIN_PX, fitToBox, minimapView } from './minimap-view';

const BOX = { width: 200, height: 150 };

describe('minimapView', () => {
  it('fits the cards and the viewport together, centred, with a margin, keeping the box\'s aspect', () => {
    // Cards span 0..1000 × 0..300; the canvas shows 0..400 × 0..300 at zoom 1.
    const view = minimapView({ x: 0, y: 0, width: 1000, height: 300 }, [0, 0, 1], { width: 400, height: 300 }, BOX);
    expect(view.viewScale).toBe(5); // 1000 flow units over 200 px
    expect(view.viewport).toEqual({ x: 0, y: 0, width: 400, height: 300 });
    const offset = MINIMAP_MARGIN_PX * 5;
    expect(view.shown.width).toBe(1000 + 2 * offset);
    expect(view.shown.height).toBe(750 + 2 * offset);
    // 300 high shown in 750: centred vertically.
    expect(view.shown.y).toBe(-(750 - 300) / 2 - offset);
    expect(view.shown.x).toBe(-offset);
    // Drawn as an SVG viewBox would be: one scale, centred, the whole shown area inside the box.
    const fit = fitToBox(view.shown, BOX);
    expect(view.shown.width * fit.scale).toBeLessThanOrEqual(BOX.width + 1e-9);
    expect(view.shown.height * fit.scale).toBeCloseTo(BOX.height);
    expect(fit.dx).toBeCloseTo((BOX.width - view.shown.width * fit.scale) / 2);
    expect(fit.dy).toBeCloseTo(0);
  });

  it('follows the viewport when the canvas looks away from the cards, and zoom shrinks it', () => {
    const view = minimapView({ x: 0, y: 0, width: 100, height: 100 }, [-2000, 0, 2], { width: 400, height: 300 }, BOX);
    expect(view.viewport).toEqual({ x: 1000, y: 0, width: 200, height: 150 });
    // The bounds now run from the cards to the viewport's right edge: 1200 wide.
    expect(view.viewScale).toBe(6);
  });

  it('shows the viewport alone when there are no cards', () => {
    const view = minimapView(null, [0, 0, 1], { width: 400, height: 300 }, BOX);
    expect(view.viewScale).toBe(2);
    expect(view.viewport).toEqual({ x: 0, y: 0, width: 400, height: 300 });
  });
});
