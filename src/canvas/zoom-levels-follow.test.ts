import { describe, expect, it } from 'vitest';
import { levelsFollower, type ZoomLevels } from './useZoomLevels';

function harness(start: number) {
  let zoom = start;
  const shown: ZoomLevels[] = [];
  const follower = levelsFollower(() => zoom, (levels) => shown.push(levels));
  return { follower, shown, zoomTo: (z: number) => { zoom = z; follower.zoomed(); } };
}

describe('semantic zoom levels', () => {
  it('follow a zoom the app makes at once, and only when a level changes', () => {
    const { follower, shown, zoomTo } = harness(0.5);
    expect(follower.initial).toEqual({ far: true, step: 2, noEdgeLabels: false, overview: false });
    zoomTo(0.53);
    expect(shown).toEqual([]);
    zoomTo(0.9);
    expect(shown).toEqual([{ far: false, step: 0, noEdgeLabels: false, overview: false }]);
    zoomTo(0.2);
    expect(shown.at(-1)).toEqual({ far: true, step: 5, noEdgeLabels: true, overview: true });
  });

  it('hold while a person zooms across a threshold, and follow when the gesture ends', () => {
    const { follower, shown, zoomTo } = harness(0.6);
    follower.moveStart({ type: 'wheel' });
    zoomTo(0.8);
    zoomTo(1.1);
    zoomTo(0.62);
    expect(shown).toEqual([]);
    follower.moveEnd();
    // Back under 0.75 by the end: nothing to change.
    expect(shown).toEqual([]);
    follower.moveStart({ type: 'wheel' });
    zoomTo(0.25);
    expect(shown).toEqual([]);
    follower.moveEnd();
    expect(shown).toEqual([{ far: true, step: 5, noEdgeLabels: true, overview: true }]);
  });

  it('a move without a person\'s event (fit view, the zoom buttons) is no gesture', () => {
    const { follower, shown, zoomTo } = harness(0.6);
    follower.moveStart(null);
    zoomTo(0.9);
    expect(shown).toEqual([{ far: false, step: 0, noEdgeLabels: false, overview: false }]);
  });
});
