// Where an edge goes between its two stages, and where its label sits, so that neither a line nor
// a label covers a card it has nothing to do with. Pure: the cards' rectangles and the edges in,
// a route per edge out. Run by the adapter (adapters.ts) when the layout changes, for agents small
// enough that it costs nothing a person feels (ROUTE_LIMIT stages); a bigger agent, or a card
// being dragged, draws its edges with the plain geometry (edge-geometry.ts).
import { LOOP_RISE, LOOP_STACK, edgeCurve, lanePoints } from './edge-geometry';

export { lanePoints };

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

/** Agents with more stages than this keep the plain geometry: the routes' cost grows with stages × edges. */
export const ROUTE_LIMIT = 150;
/** Where a stage's handles sit below its top (adapters.ts, HANDLE_Y), and how far past its side the handle's end is. */
const HANDLE_DY = 22;
const HANDLE_DX = 5;
/** How far from a card a line keeps. */
const CLEAR = 5;
/** How far from a card a lane runs: a label on it (far out a pill) clears the card. */
const LANE_CLEAR = 20;
/** A stage's title row, which no label may cover (the far name takes the card's top half). */
export const STAGE_TITLE_HEIGHT = 40;
/** The box a label takes, at most, whichever zoom it is seen at: close up its text, far out a round pill. */
const LABEL_HEIGHT = 34;
const PILL = 34;

export interface RouteEdge {
  id: string;
  from: string;
  to: string;
  /** The label's width close up (flow px). */
  labelWidth: number;
  /** Spread among parallel edges of one pair of stages (0 alone). */
  offset: number;
}

export interface RouteInput {
  stages: ReadonlyMap<string, Rect>;
  /** Block rectangles, with the height of their header (the title no label covers). */
  blocks: readonly (Rect & { head: number })[];
  edges: readonly RouteEdge[];
}

/**
 * An edge's way between its stages. `curve`: the plain bezier (edge-geometry.ts). `lane`: out of
 * the source to the right, along `laneY`, into the target from the left, turning at x1 and x2.
 * The ends are where the cards were when it was routed (sx, sy, tx, ty): a card moved since (a
 * drag under way) makes the edge fall back to the plain geometry until the next route.
 */
export interface EdgeRoute {
  kind: 'curve' | 'lane';
  sx: number;
  sy: number;
  tx: number;
  ty: number;
  laneY: number;
  x1: number;
  x2: number;
  labelX: number;
  labelY: number;
}

const hits = (r: Rect, x1: number, y1: number, x2: number, y2: number) => {
  // An axis-aligned segment against a rectangle grown by CLEAR.
  const left = Math.min(x1, x2);
  const right = Math.max(x1, x2);
  const top = Math.min(y1, y2);
  const bottom = Math.max(y1, y2);
  return left < r.x + r.width + CLEAR && right > r.x - CLEAR && top < r.y + r.height + CLEAR && bottom > r.y - CLEAR;
};
const overlaps = (a: Rect, b: Rect) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (r: Rect, p: Point, margin: number) => p.x > r.x - margin && p.x < r.x + r.width + margin && p.y > r.y - margin && p.y < r.y + r.height + margin;


/** Routes every edge that joins two different stages; loops keep their arc. */
export function routeEdges(input: RouteInput): Map<string, EdgeRoute> {
  const stageRects = [...input.stages.entries()];
  const routes = new Map<string, EdgeRoute>();
  const titles: Rect[] = [
    ...stageRects.map(([, r]) => ({ x: r.x, y: r.y, width: r.width, height: STAGE_TITLE_HEIGHT })),
    ...input.blocks.map((b) => ({ x: b.x, y: b.y, width: b.width, height: b.head })),
  ];
  const labels: Rect[] = [];
  // A loop's label sits over its arc, above its card: it is there before any other is placed.
  for (const edge of input.edges) {
    if (edge.from !== edge.to) continue;
    const r = input.stages.get(edge.from);
    if (!r) continue;
    const width = Math.max(edge.labelWidth, PILL);
    labels.push({ x: r.x + r.width / 2 - width / 2, y: r.y - LOOP_RISE - LABEL_HEIGHT / 2 - Math.max(0, edge.offset) * LOOP_STACK, width, height: LABEL_HEIGHT });
  }
  // Lanes run in the gaps: above and below every card and block.
  const laneSet = new Set<number>();
  for (const [, r] of stageRects) {
    laneSet.add(Math.round(r.y - LANE_CLEAR));
    laneSet.add(Math.round(r.y + r.height + LANE_CLEAR));
  }
  for (const b of input.blocks) {
    laneSet.add(Math.round(b.y - LANE_CLEAR));
    laneSet.add(Math.round(b.y + b.height + LANE_CLEAR));
  }
  const laneList = [...laneSet];

  for (const edge of input.edges) {
    if (edge.from === edge.to) continue;
    const source = input.stages.get(edge.from);
    const target = input.stages.get(edge.to);
    if (!source || !target) continue;
    const sx = source.x + source.width + HANDLE_DX;
    const sy = source.y + HANDLE_DY;
    const tx = target.x - HANDLE_DX;
    const ty = target.y + HANDLE_DY;
    const others = stageRects.filter(([id]) => id !== edge.from && id !== edge.to).map(([, r]) => r);
    const all = stageRects.map(([, r]) => r);

    // The ways worth trying, best first: the plain curve when it passes no other card, then out,
    // along a free lane, and in (the shortest, crossing the fewest titles).
    const ways: EdgeRoute[] = [];
    if (tx - sx >= 40) {
      const curve = edgeCurve(sx, sy, tx, ty, edge.offset);
      let clear = true;
      for (let i = 1; i < 32 && clear; i++) {
        const p = curve.at(i / 32);
        if (others.some((r) => inside(r, p, CLEAR))) clear = false;
      }
      if (clear) ways.push({ kind: 'curve', sx, sy, tx, ty, laneY: sy, x1: sx, x2: tx, labelX: 0, labelY: 0 });
    }
    const spread = edge.offset * 10;
    const lanes: { route: EdgeRoute; cost: number }[] = [];
    // Turning 16 px past a card's side, or closer where another card stands nearer than that.
    for (const [out, into] of [[16, 16], [7, 16], [16, 7], [7, 7]]) {
      const x1 = sx + out + spread;
      const x2 = tx - into + spread;
      // Nearest lanes first: once the way there and back alone costs more than the eighth best
      // found, no further lane can be better.
      const reach = (y: number) => Math.abs(y - sy) + Math.abs(ty - y);
      const candidates = [sy, ty, ...laneList.map((y) => y + spread)].sort((a, b) => reach(a) - reach(b));
      for (const laneY of candidates) {
        if (lanes.length >= 8 && reach(laneY) + Math.abs(x2 - x1) > lanes[7].cost) break;
        const blocked =
          all.some((r) => hits(r, x1, sy, x1, laneY) || hits(r, x1, laneY, x2, laneY) || hits(r, x2, laneY, x2, ty)) ||
          hits(source, sx + 1, sy, x1, sy) || hits(target, x2, ty, tx - 1, ty);
        if (blocked) continue;
        const crossed = titles.filter((t) => hits(t, x1, laneY, x2, laneY)).length;
        const cost = reach(laneY) + Math.abs(x2 - x1) + (laneY === sy && laneY === ty ? 0 : 60) + crossed * 400 + (out + into < 32 ? 30 : 0);
        lanes.push({ route: { kind: 'lane', sx, sy, tx, ty, laneY, x1, x2, labelX: 0, labelY: 0 }, cost });
        lanes.sort((a, b) => a.cost - b.cost);
      }
      if (lanes.length) break;
    }
    ways.push(...lanes.slice(0, 4).map((l) => l.route));
    // Nothing free (cards packed edge to edge): the lane under both, the least bad.
    if (ways.length === 0) {
      ways.push({ kind: 'lane', sx, sy, tx, ty, laneY: Math.max(source.y + source.height, target.y + target.height) + LANE_CLEAR, x1: sx + 16 + spread, x2: tx - 16 + spread, labelX: 0, labelY: 0 });
    }

    // The label: the first way with a spot that covers no title and no other label (rather one
    // that covers no card either); else the best way, and its first spot.
    const width = Math.max(edge.labelWidth, PILL);
    const boxAt = (p: Point): Rect => ({ x: p.x - width / 2, y: p.y - LABEL_HEIGHT / 2, width, height: LABEL_HEIGHT });
    const free = (box: Rect) => !titles.some((t) => overlaps(t, box)) && !labels.some((l) => overlaps(l, box));
    let chosen: { route: EdgeRoute; spot: Point } | undefined;
    let fallback: { route: EdgeRoute; spot: Point } | undefined;
    for (const way of ways) {
      const spots = labelSpots(way, edge.offset);
      const clean = spots.find((p) => free(boxAt(p)) && !others.some((r) => overlaps(r, boxAt(p))));
      if (clean) {
        chosen = { route: way, spot: clean };
        break;
      }
      const spot = spots.find((p) => free(boxAt(p)));
      if (spot && !fallback) fallback = { route: way, spot };
    }
    const { route, spot } = chosen ?? fallback ?? { route: ways[0], spot: labelSpots(ways[0], edge.offset)[0] };
    labels.push(boxAt(spot));
    route.labelX = spot.x;
    route.labelY = spot.y;
    routes.set(edge.id, route);
  }
  return routes;
}

/** Where along its route an edge's label may sit, best first. */
function labelSpots(route: EdgeRoute, offset: number): Point[] {
  const fractions = [0.5, 0.38, 0.62, 0.26, 0.74, 0.15, 0.85];
  if (route.kind === 'curve') {
    const curve = edgeCurve(route.sx, route.sy, route.tx, route.ty, offset);
    return fractions.map((t) => curve.at(t));
  }
  const { x1, x2, laneY, sy, ty } = route;
  const along = fractions.map((f) => ({ x: x1 + (x2 - x1) * f, y: laneY }));
  const down = [0.5, 0.3, 0.7].flatMap((f) => [{ x: x1, y: sy + (laneY - sy) * f }, { x: x2, y: laneY + (ty - laneY) * f }]);
  return Math.abs(x2 - x1) >= 40 ? [...along, ...down] : [...down, ...along];
}
