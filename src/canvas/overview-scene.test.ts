import { describe, expect, it } from 'vitest';
import { HANDLE_Y } from './adapters';
import { cullScene, fitText, nameLabel, overviewScene, visibleRect, type OverviewBox, type OverviewEdgeInput, type OverviewNodeInput } from './overview-scene';

const node = (id: string, type: string, x: number, y: number, data: object, size = { width: 260, height: 120 }, extra: Partial<OverviewNodeInput> = {}): OverviewNodeInput => ({
  id, type, measured: size, internals: { positionAbsolute: { x, y } }, data, ...extra,
});
const stage = (id: string, x: number, y: number, extra: Partial<OverviewNodeInput> = {}, data: object = {}) =>
  node(id, 'stage', x, y, { stage: { name: id, kind: 'turn' }, tint: '#3b82f6', isEntry: false, problems: null, ...data }, undefined, extra);
const block = (id: string, x: number, y: number) => node(id, 'block', x, y, { block: { name: `Block ${id}` }, tint: '#10b981' }, { width: 600, height: 400 });
const edge = (id: string, source: string, target: string, data: OverviewEdgeInput['data'] = {}): OverviewEdgeInput => ({ id, source, target, data });

describe('overviewScene', () => {
  it('draws blocks before stages, whatever order React Flow holds them in, and reads their names, tints and marks', () => {
    const scene = overviewScene(
      [stage('a', 20, 40, { selected: true }, { isEntry: true, problems: { worst: 'error' } }), block('b1', 0, 0), stage('w', 320, 40, {}, { stage: { name: 'hold', kind: 'wait' } })],
      [],
    );
    expect(scene.boxes.map((b) => [b.id, b.kind])).toEqual([['b1', 'block'], ['a', 'stage'], ['w', 'stage']]);
    expect(scene.boxes[0]).toMatchObject({ name: 'Block b1', tint: '#10b981', width: 600, height: 400 });
    expect(scene.boxes[1]).toMatchObject({ selected: true, entry: true, problem: 'error', wait: false });
    expect(scene.boxes[2]).toMatchObject({ name: 'hold', wait: true, selected: false, problem: null });
  });

  it('leaves out what is not on the canvas: hidden nodes, ghosts of a compare, cards not measured yet', () => {
    const scene = overviewScene([stage('a', 0, 0, { hidden: true }), node('g', 'ghost', 0, 0, {}), stage('u', 0, 0, { measured: {} }), stage('s', 0, 0)], []);
    expect(scene.boxes.map((b) => b.id)).toEqual(['s']);
  });

  it('joins an edge from the source card\'s right side to the target card\'s left, at the handles\' height', () => {
    const scene = overviewScene([stage('a', 0, 100), stage('b', 500, 300)], [edge('e1', 'a', 'b', { dashed: true })]);
    expect(scene.edges).toHaveLength(1);
    expect(scene.edges[0].path.startsWith(`M 260 ${100 + HANDLE_Y}`)).toBe(true);
    expect(scene.edges[0].path.endsWith(`500 ${300 + HANDLE_Y}`)).toBe(true);
    expect(scene.edges[0]).toMatchObject({ dashed: true, code: false, selected: false });
  });

  it('draws a loop as an arc over its card, and skips an edge whose end is not on the canvas', () => {
    const scene = overviewScene([stage('a', 0, 200)], [edge('loop', 'a', 'a', { kind: 'loop' }), edge('gone', 'a', 'nowhere')]);
    expect(scene.edges.map((e) => e.id)).toEqual(['loop']);
    // The arc rises above the card's top.
    const ys = scene.edges[0].path.match(/-?\d+(\.\d+)?/g)!.map(Number).filter((_, i) => i % 2 === 1);
    expect(Math.min(...ys)).toBeLessThan(200);
  });
});

describe('culling to the viewport', () => {
  it('keeps the cards and edges the viewport shows, drops the rest', () => {
    const scene = overviewScene([stage('near', 0, 0), stage('far', 5000, 5000), stage('next', 400, 0)], [edge('shown', 'near', 'next'), edge('off', 'far', 'far')]);
    // Zoom 0.5 at the origin in a 800 × 600 pane: flow x 0..1600, y 0..1200.
    const view = visibleRect([0, 0, 0.5], 800, 600);
    expect(view).toEqual({ x: 0, y: 0, width: 1600, height: 1200 });
    const culled = cullScene(scene, view);
    expect(culled.boxes.map((b) => b.id)).toEqual(['near', 'next']);
    expect(culled.edges.map((e) => e.id)).toEqual(['shown']);
  });

  it('reads a panned viewport: the pan moves the flow under the pane', () => {
    expect(visibleRect([-1000, -500, 0.25], 800, 600)).toEqual({ x: 4000, y: 2000, width: 3200, height: 2400 });
  });
});

describe('names far out', () => {
  const box = (kind: OverviewBox['kind'], width: number, height: number): OverviewBox => ({
    id: 'x', kind, x: 100, y: 50, width, height, name: 'Billing questions', tint: '#000', selected: false, wait: false, entry: false, problem: null,
  });

  it('gives a stage its name only while it reads at 7 px or more', () => {
    // A 26 × 12 px card: no name reads there.
    expect(nameLabel(box('stage', 260, 120), 0.1)).toBeNull();
    // A 75 × 35 px card: the whole name, broken between its pieces, at a size that reads.
    const label = nameLabel({ ...box('stage', 260, 150), name: 'restoration_estimate' }, 0.29)!;
    expect(label.lines).toEqual(['restoration_', 'estimate']);
    expect(label.fontPx).toBeGreaterThanOrEqual(7);
    expect(label.fontPx).toBeLessThanOrEqual(28 * 0.29 + 4);
    const short = nameLabel({ ...box('stage', 260, 150), name: 'greet' }, 0.25)!;
    expect(short.lines).toEqual(['greet']);
    expect(short.fontPx).toBeCloseTo(11.5);
  });

  it('keeps a block\'s name legible however far out, while its header has room', () => {
    const label = nameLabel(box('block', 1500, 400), 0.1)!;
    expect(label.fontPx).toBe(11);
    expect(label.lines).toEqual([label.lines[0]]);
    expect(label.maxWidth).toBeCloseTo(1500 * 0.1 - 16);
    // A narrower header: the name smaller, whole, rather than cut.
    const narrow = nameLabel(box('block', 600, 400), 0.1)!;
    expect(narrow.fontPx).toBeLessThan(11);
    expect(narrow.fontPx).toBeGreaterThanOrEqual(8.5);
    expect(nameLabel(box('block', 200, 400), 0.1)).toBeNull();
  });

  it('cuts a long name with an ellipsis to the width it has', () => {
    const measure = (text: string) => text.length * 10;
    expect(fitText('short', 100, measure)).toBe('short');
    expect(fitText('Billing questions', 100, measure)).toBe('Billing q…');
    expect(measure(fitText('Billing questions', 100, measure))).toBeLessThanOrEqual(100);
    expect(fitText('Billing', 5, measure)).toBe('');
  });
});
