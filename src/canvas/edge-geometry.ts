import { STAGE_SIZE } from '../model/ops/layout';

/** Where a stage's handles sit: on the title row, so a loop arc clears the card's top edge. */
export const HANDLE_Y = 22;

export interface EdgeGeometry {
  path: string;
  labelX: number;
  labelY: number;
}

/** How far from its stage a long edge's label sits. */
export const LABEL_REACH = 118;
/** Space between parallel edges of one pair of stages. */
const SPREAD = 56;
/** How far a loop arc rises above its card. */
export const LOOP_RISE = 20;
/** How much higher each further loop of one stage rises: its label (a pill far out) clears the one under it. */
export const LOOP_STACK = 36;
/** The room a stage with `loops` loops needs above its card for their arcs and labels. */
export const loopRoom = (loops: number) => (loops > 0 ? LOOP_RISE + 20 + (loops - 1) * LOOP_STACK : 0);

/**
 * Loop: leave the source handle (right), curl up over the card's top edge and come down into the
 * target handle (left) — an arc over the stage, its label on top.
 */
export function loopGeometry(sx: number, sy: number, tx: number, ty: number, offset = 0): EdgeGeometry {
  const top = Math.min(sy, ty) - HANDLE_Y - LOOP_RISE - Math.max(0, offset) * LOOP_STACK;
  const reach = 34;
  const path = `M ${sx} ${sy} C ${sx + reach} ${sy} ${sx + reach} ${top} ${sx - 12} ${top} L ${tx + 12} ${top} C ${tx - reach} ${top} ${tx - reach} ${ty} ${tx} ${ty}`;
  return { path, labelX: (sx + tx) / 2, labelY: top };
}

/** A rounded orthogonal polyline through the given points. */
function rounded(points: { x: number; y: number }[], radius = 10): string {
  let d = `M ${points[0].x} ${points[0].y}`;
  for (let i = 1; i < points.length - 1; i++) {
    const [a, b, c] = [points[i - 1], points[i], points[i + 1]];
    const r = Math.min(radius, Math.hypot(b.x - a.x, b.y - a.y) / 2, Math.hypot(c.x - b.x, c.y - b.y) / 2);
    const inX = b.x - Math.sign(b.x - a.x) * r;
    const inY = b.y - Math.sign(b.y - a.y) * r;
    const outX = b.x + Math.sign(c.x - b.x) * r;
    const outY = b.y + Math.sign(c.y - b.y) * r;
    d += ` L ${inX} ${inY} Q ${b.x} ${b.y} ${outX} ${outY}`;
  }
  const last = points[points.length - 1];
  return `${d} L ${last.x} ${last.y}`;
}

/** The forward bezier between two handles (parallel edges spread by `offset`), and its points by parameter. */
export function edgeCurve(sx: number, sy: number, tx: number, ty: number, offset = 0) {
  const o = offset * SPREAD;
  const dx = Math.max(40, (tx - sx) / 2);
  const c1 = { x: sx + dx, y: sy + o };
  const c2 = { x: tx - dx, y: ty + o };
  const at1 = (t: number, a: number, b: number, c: number, d: number) => (1 - t) ** 3 * a + 3 * (1 - t) ** 2 * t * b + 3 * (1 - t) * t ** 2 * c + t ** 3 * d;
  return {
    path: `M ${sx} ${sy} C ${c1.x} ${c1.y} ${c2.x} ${c2.y} ${tx} ${ty}`,
    at: (t: number) => ({ x: at1(t, sx, c1.x, c2.x, tx), y: at1(t, sy, c1.y, c2.y, ty) }),
  };
}

/** The points of a lane route, ends included: out of the source, along the lane, into the target. */
export function lanePoints(route: { laneY: number; x1: number; x2: number }, sx: number, sy: number, tx: number, ty: number): { x: number; y: number }[] {
  return [
    { x: sx, y: sy },
    { x: route.x1, y: sy },
    { x: route.x1, y: route.laneY },
    { x: route.x2, y: route.laneY },
    { x: route.x2, y: ty },
    { x: tx, y: ty },
  ];
}

/** A route's path (edge-routes.ts): the curve, or the lane with rounded corners, from the live ends. */
export function routedPath(route: { kind: 'curve' | 'lane'; laneY: number; x1: number; x2: number }, sx: number, sy: number, tx: number, ty: number, offset = 0): string {
  if (route.kind === 'curve') return edgeCurve(sx, sy, tx, ty, offset).path;
  return rounded(lanePoints(route, sx, sy, tx, ty));
}

/**
 * An edge between two stages. Forward (the target's left side is right of the source's right
 * side): a bezier, spread vertically when several edges join the same two stages. Backward or
 * stacked (common inside a block): out to the right, along the gap between the two cards (or
 * under both), and into the target from the left, so neither the line nor its label sits on a card.
 */
export function edgeGeometry(sx: number, sy: number, tx: number, ty: number, offset = 0): EdgeGeometry {
  if (tx - sx >= 40) {
    const curve = edgeCurve(sx, sy, tx, ty, offset);
    // The label sits in the gap just after its stage (a layered layout keeps that gap free),
    // not at the middle of a long edge, which may pass under other cards.
    const want = sx + Math.min((tx - sx) / 2, LABEL_REACH);
    let lo = 0;
    let hi = 0.5;
    for (let i = 0; i < 24; i++) {
      const mid = (lo + hi) / 2;
      if (curve.at(mid).x < want) lo = mid;
      else hi = mid;
    }
    const label = curve.at(lo);
    return { path: curve.path, labelX: label.x, labelY: label.y };
  }
  const sourceTop = sy - HANDLE_Y;
  const targetTop = ty - HANDLE_Y;
  const h = STAGE_SIZE.height;
  let laneY: number;
  if (targetTop >= sourceTop + h + 16) laneY = (sourceTop + h + targetTop) / 2;
  else if (sourceTop >= targetTop + h + 16) laneY = (targetTop + h + sourceTop) / 2;
  else laneY = Math.max(sourceTop, targetTop) + h + 24;
  laneY += offset * 22;
  const out = sx + 20;
  const into = tx - 20;
  const path = rounded([
    { x: sx, y: sy },
    { x: out, y: sy },
    { x: out, y: laneY },
    { x: into, y: laneY },
    { x: into, y: ty },
    { x: tx, y: ty },
  ]);
  return { path, labelX: (out + into) / 2, labelY: laneY };
}
