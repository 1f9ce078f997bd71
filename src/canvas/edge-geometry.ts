import { STAGE_SIZE } from '../model/ops/layout';
import { HANDLE_Y } from './adapters';

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

/**
 * Loop: leave the source handle (right), curl up over the card's top edge and come down into the
 * target handle (left) — an arc over the stage, its label on top.
 */
export function loopGeometry(sx: number, sy: number, tx: number, ty: number, offset = 0): EdgeGeometry {
  const top = Math.min(sy, ty) - HANDLE_Y - LOOP_RISE - Math.max(0, offset) * 22;
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

/**
 * An edge between two stages. Forward (the target's left side is right of the source's right
 * side): a bezier, spread vertically when several edges join the same two stages. Backward or
 * stacked (common inside a block): out to the right, along the gap between the two cards (or
 * under both), and into the target from the left, so neither the line nor its label sits on a card.
 */
export function edgeGeometry(sx: number, sy: number, tx: number, ty: number, offset = 0): EdgeGeometry {
  const o = offset * SPREAD;
  if (tx - sx >= 40) {
    const dx = Math.max(40, (tx - sx) / 2);
    const c1 = { x: sx + dx, y: sy + o };
    const c2 = { x: tx - dx, y: ty + o };
    const path = `M ${sx} ${sy} C ${c1.x} ${c1.y} ${c2.x} ${c2.y} ${tx} ${ty}`;
    // The label sits in the gap just after its stage (a layered layout keeps that gap free),
    // not at the middle of a long edge, which may pass under other cards.
    const want = sx + Math.min((tx - sx) / 2, LABEL_REACH);
    const at = (t: number, a: number, b: number, c: number, d: number) => (1 - t) ** 3 * a + 3 * (1 - t) ** 2 * t * b + 3 * (1 - t) * t ** 2 * c + t ** 3 * d;
    let lo = 0;
    let hi = 0.5;
    for (let i = 0; i < 24; i++) {
      const mid = (lo + hi) / 2;
      if (at(mid, sx, c1.x, c2.x, tx) < want) lo = mid;
      else hi = mid;
    }
    return { path, labelX: at(lo, sx, c1.x, c2.x, tx), labelY: at(lo, sy, c1.y, c2.y, ty) };
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
