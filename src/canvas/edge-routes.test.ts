import { describe, expect, it } from 'vitest';
import { STAGE_SIZE } from '../model/ops/layout';
import { STAGE_TITLE_HEIGHT, lanePoints, routeEdges, type Rect } from './edge-routes';
import { edgeCurve } from './edge-geometry';

const stage = (x: number, y: number): Rect => ({ x, y, ...STAGE_SIZE });
const meets = (a: Rect, b: Rect) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (r: Rect, p: { x: number; y: number }) => p.x > r.x && p.x < r.x + r.width && p.y > r.y && p.y < r.y + r.height;

describe('routeEdges', () => {
  // Three in a row, a fourth under the first: a → c skips b; c → d wraps back to the next row.
  const stages = new Map([['a', stage(0, 100)], ['b', stage(400, 100)], ['c', stage(800, 100)], ['d', stage(0, 400)]]);
  const blocks = [{ x: -24, y: 36, width: 1108, height: 238, head: 64 }, { x: -24, y: 336, width: 308, height: 238, head: 64 }];
  const edges = [
    { id: 'ab', from: 'a', to: 'b', labelWidth: 80, offset: 0 },
    { id: 'ac', from: 'a', to: 'c', labelWidth: 120, offset: 0 },
    { id: 'cd', from: 'c', to: 'd', labelWidth: 120, offset: 0 },
  ];
  const routes = routeEdges({ stages, blocks, edges });

  it('keeps the plain curve between neighbours, and takes a lane round a card in the way', () => {
    expect(routes.get('ab')!.kind).toBe('curve');
    expect(routes.get('ac')!.kind).toBe('lane');
    expect(routes.get('cd')!.kind).toBe('lane');
  });

  it('passes no card it does not join', () => {
    for (const edge of edges) {
      const route = routes.get(edge.id)!;
      const others = [...stages].filter(([id]) => id !== edge.from && id !== edge.to).map(([, r]) => r);
      const points = route.kind === 'curve'
        ? Array.from({ length: 41 }, (_, i) => edgeCurve(route.sx, route.sy, route.tx, route.ty).at(i / 40))
        : lanePoints(route, route.sx, route.sy, route.tx, route.ty).flatMap((p, i, all) => (i === 0 ? [p] : Array.from({ length: 20 }, (_, k) => ({ x: all[i - 1].x + ((p.x - all[i - 1].x) * (k + 1)) / 20, y: all[i - 1].y + ((p.y - all[i - 1].y) * (k + 1)) / 20 }))));
      for (const p of points) for (const r of others) expect(inside(r, p), `${edge.id} through a card at ${p.x},${p.y}`).toBe(false);
    }
  });

  it('puts no label on a title or on another label', () => {
    const titles = [...[...stages.values()].map((r) => ({ ...r, height: STAGE_TITLE_HEIGHT })), ...blocks.map((b) => ({ ...b, height: b.head }))];
    const labels = edges.map((e) => {
      const route = routes.get(e.id)!;
      return { x: route.labelX - e.labelWidth / 2, y: route.labelY - 17, width: e.labelWidth, height: 34 };
    });
    labels.forEach((label, i) => {
      for (const title of titles) expect(meets(label, title), `${edges[i].id} on a title`).toBe(false);
      labels.slice(i + 1).forEach((other) => expect(meets(label, other)).toBe(false));
    });
  });
});
