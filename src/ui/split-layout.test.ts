import { describe, expect, it } from 'vitest';
import { defaultLayout, layoutRecord, resizePair, restoreLayout, toggleCollapse, type PanelSpec } from './split-layout';

// The workspace's own panels (app/App.tsx).
const row: PanelSpec[] = [
  { id: 'panel-outline', defaultSize: 14, minSize: 8, collapsible: true },
  { id: 'panel-canvas', minSize: 30, collapsible: false },
  { id: 'panel-inspector', defaultSize: 25, minSize: 16, collapsible: true },
];
const column: PanelSpec[] = [
  { id: 'panel-main', minSize: 30, collapsible: false },
  { id: 'panel-dock', defaultSize: 24, minSize: 6, collapsible: true },
];

describe('split layout', () => {
  it('gives panels without a default size what the others leave', () => {
    expect(defaultLayout(row)).toEqual([14, 61, 25]);
    expect(defaultLayout(column)).toEqual([76, 24]);
  });

  it('restores a saved layout only when it still fits the panels', () => {
    expect(restoreLayout(column, { 'panel-main': 60, 'panel-dock': 40 })).toEqual([60, 40]);
    // react-resizable-panels saved the same shape: a layout saved before the switch still opens.
    expect(restoreLayout(row, { 'panel-outline': 0, 'panel-canvas': 70.5, 'panel-inspector': 29.5 })).toEqual([0, 70.5, 29.5]);
    expect(restoreLayout(column, { 'panel-main': 60, 'panel-other': 40 })).toBeUndefined();
    expect(restoreLayout(column, { 'panel-main': 60, 'panel-dock': 30 })).toBeUndefined();
    expect(restoreLayout(column, { 'panel-main': 98, 'panel-dock': 2 })).toBeUndefined();
    expect(restoreLayout(column, { 'panel-main': '60', 'panel-dock': 40 })).toBeUndefined();
    expect(restoreLayout(column, [60, 40])).toBeUndefined();
    expect(restoreLayout(column, null)).toBeUndefined();
  });

  it('moves the two panels either side of a separator, within their minimums', () => {
    const start = [76, 24];
    expect(resizePair(start, column, 0, -30)).toEqual([46, 54]);
    expect(resizePair(start, column, 0, -60)).toEqual([30, 70]);
    expect(resizePair(start, column, 0, 16)).toEqual([92, 8]);
    const three = [14, 61, 25];
    expect(resizePair(three, row, 1, 10)).toEqual([14, 70, 16]);
    expect(resizePair(three, row, 0, 100)).toEqual([45, 30, 25]);
  });

  it('collapses a collapsible panel dragged below half its minimum, and keeps it at its minimum above that', () => {
    expect(resizePair([76, 24], column, 0, 20)).toEqual([94, 6]);
    expect(resizePair([76, 24], column, 0, 22)).toEqual([100, 0]);
    expect(resizePair([14, 61, 25], row, 0, -8)).toEqual([8, 67, 25]);
    expect(resizePair([14, 61, 25], row, 0, -11)).toEqual([0, 75, 25]);
    // and drags open again from collapsed
    expect(resizePair([100, 0], column, 0, -20)).toEqual([80, 20]);
  });

  it('keeps the layout adding up to 100', () => {
    for (let delta = -80; delta <= 80; delta += 3.7) {
      const next = resizePair([14, 61, 25], row, 1, delta);
      expect(next.reduce((a, b) => a + b, 0)).toBeCloseTo(100, 6);
    }
  });

  it('collapses and opens a side panel from the keyboard', () => {
    expect(toggleCollapse([76, 24], column, 0)).toEqual([100, 0]);
    expect(toggleCollapse([100, 0], column, 0, 24)).toEqual([76, 24]);
    expect(toggleCollapse([100, 0], column, 0)).toEqual([94, 6]);
    expect(toggleCollapse([14, 61, 25], row, 0)).toEqual([0, 75, 25]);
    expect(toggleCollapse([14, 61, 25], row, 1)).toEqual([14, 86, 0]);
  });

  it('saves as panel id to percent', () => {
    expect(layoutRecord(column, [70, 30])).toEqual({ 'panel-main': 70, 'panel-dock': 30 });
  });
});
