// The overview: how the canvas looks zoomed far out, as a list of shapes to draw on one <canvas>
// (OverviewLayer.tsx draws them). Far out, 550 stage cards and 1,000 edges each painted by the
// browser made every frame's compositing walk scale with the agent (issue 16: a keystroke in the
// inspector of a 500-stage agent spent ~25 ms in Chromium's Layerize); drawn as one bitmap, the
// canvas costs one paint chunk whatever its size. Pure: React Flow's nodes and edges in, shapes out.
import { edgeGeometry, loopGeometry } from './edge-geometry';
import { HANDLE_Y } from './adapters';
import type { Severity } from './types';
import { emWidth, nameSegments } from './name-fit';

/** What the overview reads of a React Flow node (an InternalNode satisfies it). */
export interface OverviewNodeInput {
  id: string;
  type?: string;
  hidden?: boolean;
  selected?: boolean;
  measured: { width?: number; height?: number };
  internals: { positionAbsolute: { x: number; y: number } };
  data: unknown;
}

/** What the overview reads of a React Flow edge. */
export interface OverviewEdgeInput {
  id: string;
  source: string;
  target: string;
  hidden?: boolean;
  selected?: boolean;
  data?: { kind?: string; dashed?: boolean; offset?: number; problems?: { worst: Severity } | null };
}

export interface OverviewBox {
  id: string;
  kind: 'block' | 'stage';
  x: number;
  y: number;
  width: number;
  height: number;
  name: string;
  tint: string;
  selected: boolean;
  wait: boolean;
  entry: boolean;
  problem: Severity | null;
}

export interface OverviewEdge {
  id: string;
  /** SVG path data in flow coordinates (the same geometry the edge component draws). */
  path: string;
  dashed: boolean;
  code: boolean;
  selected: boolean;
  problem: Severity | null;
  /** Flow-space bounds of the path's end points and bends, for culling. */
  bounds: Rect;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface OverviewScene {
  /** Blocks first, then stages: the order to draw them in. */
  boxes: OverviewBox[];
  edges: OverviewEdge[];
}

/** How far an edge's curve may stray from the box of its end points (loop rise, parallel spread). */
const EDGE_SLACK = 160;

interface CardData {
  stage?: { name?: string; kind?: string };
  block?: { name?: string };
  tint?: string;
  isEntry?: boolean;
  problems?: { worst: Severity } | null;
}

function boxOf(node: OverviewNodeInput): OverviewBox | null {
  if (node.hidden || (node.type !== 'stage' && node.type !== 'block')) return null;
  const width = node.measured.width;
  const height = node.measured.height;
  if (!width || !height) return null;
  const data = (node.data ?? {}) as CardData;
  const { x, y } = node.internals.positionAbsolute;
  const stage = node.type === 'stage';
  return {
    id: node.id,
    kind: stage ? 'stage' : 'block',
    x,
    y,
    width,
    height,
    name: (stage ? data.stage?.name : data.block?.name) ?? '',
    tint: data.tint ?? '#888888',
    selected: !!node.selected,
    wait: stage && data.stage?.kind === 'wait',
    entry: !!data.isEntry,
    problem: data.problems?.worst ?? null,
  };
}

/** The shapes of every card and edge, in flow coordinates. */
export function overviewScene(nodes: Iterable<OverviewNodeInput>, edges: readonly OverviewEdgeInput[]): OverviewScene {
  const blocks: OverviewBox[] = [];
  const stages: OverviewBox[] = [];
  const byId = new Map<string, OverviewBox>();
  for (const node of nodes) {
    const box = boxOf(node);
    if (!box) continue;
    (box.kind === 'block' ? blocks : stages).push(box);
    byId.set(box.id, box);
  }
  const shapes: OverviewEdge[] = [];
  for (const edge of edges) {
    const from = byId.get(edge.source);
    const to = byId.get(edge.target);
    if (edge.hidden || !from || !to || from.kind !== 'stage' || to.kind !== 'stage') continue;
    // Where the edge component's ends are: the source handle on the card's right, the target's on its left.
    const sx = from.x + from.width;
    const sy = from.y + HANDLE_Y;
    const tx = to.x;
    const ty = to.y + HANDLE_Y;
    const offset = edge.data?.offset ?? 0;
    const { path } = edge.source === edge.target ? loopGeometry(sx, sy, tx, ty, offset) : edgeGeometry(sx, sy, tx, ty, offset);
    const left = Math.min(sx, tx) - EDGE_SLACK;
    const top = Math.min(sy, ty) - EDGE_SLACK - Math.abs(offset) * 60;
    shapes.push({
      id: edge.id,
      path,
      dashed: !!edge.data?.dashed,
      code: edge.data?.kind === 'code',
      selected: !!edge.selected,
      problem: edge.data?.problems?.worst ?? null,
      bounds: { x: left, y: top, width: Math.max(sx, tx) + EDGE_SLACK - left, height: Math.max(sy, ty) + EDGE_SLACK + Math.abs(offset) * 60 - top },
    });
  }
  return { boxes: [...blocks, ...stages], edges: shapes };
}

/** The flow-space rectangle a viewport [x, y, zoom] shows in a pane of `width` × `height` screen px. */
export function visibleRect(transform: readonly [number, number, number], width: number, height: number): Rect {
  const [tx, ty, zoom] = transform;
  return { x: 0 - tx / zoom, y: 0 - ty / zoom, width: width / zoom, height: height / zoom };
}

export const intersects = (a: Rect, b: Rect) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Only what the viewport shows: drawing off-screen shapes would cost a frame for nothing while panning. */
export function cullScene(scene: OverviewScene, view: Rect): OverviewScene {
  return {
    boxes: scene.boxes.filter((b) => intersects(b, view)),
    edges: scene.edges.filter((e) => intersects(e.bounds, view)),
  };
}

/** Screen pixels below which a name is not drawn: nobody reads it, and it would only smudge the card. */
export const MIN_NAME_PX = 7;
/** A name is drawn this large on screen, at least, wherever it fits its card so (zoom-levels.ts, NAME_SCREEN_PX). */
export const LEGIBLE_NAME_PX = 11.5;
/** A block's name is drawn at this size on screen when its header has room, however far out. */
const BLOCK_NAME_PX = 11;
const MIN_BLOCK_NAME_PX = 8.5;
/** The far cards' own name sizes in flow px (canvas.css, .cb-far): the overview keeps them where larger. */
const STAGE_NAME_FLOW_PX = 28;
const LINE = 1.15;

export interface NameLabel {
  /** The name's lines, broken only between its pieces (name-fit.ts); one line for a block. */
  lines: string[];
  /** Screen px. */
  fontPx: number;
  /** Flow-space anchor: the first line's left end and the middle of its line. */
  x: number;
  y: number;
  /** Screen px from one line's middle to the next's. */
  lineHeight: number;
  /** Screen px the text may take (a block's name is cut with an ellipsis past it). */
  maxWidth: number;
}

/** A name broken into 1, 2 or 3 lines between its pieces as evenly as it goes: each way's lines, and its widest line in em. */
type Breaks = { lines: string[]; widest: number }[];
const breaksCache = new Map<string, Breaks>();

export function nameBreaks(name: string): Breaks {
  let breaks = breaksCache.get(name);
  if (breaks) return breaks;
  const pieces = nameSegments(name);
  const widths = pieces.map(emWidth);
  const span = (from: number, to: number) => widths.slice(from, to).reduce((a, b) => a + b, 0);
  const text = (from: number, to: number) => pieces.slice(from, to).join('');
  const n = pieces.length;
  breaks = [{ lines: [name], widest: span(0, n) }];
  let two: Breaks[number] | undefined;
  let three: Breaks[number] | undefined;
  for (let i = 1; i < n; i++) {
    const widest = Math.max(span(0, i), span(i, n));
    if (!two || widest < two.widest) two = { lines: [text(0, i), text(i, n)], widest };
    for (let j = i + 1; j < n; j++) {
      const w3 = Math.max(span(0, i), span(i, j), span(j, n));
      if (!three || w3 < three.widest) three = { lines: [text(0, i), text(i, j), text(j, n)], widest: w3 };
    }
  }
  if (two) breaks.push(two);
  if (three) breaks.push(three);
  // The names of the cards on screen, not of every agent opened since the page loaded.
  if (breaksCache.size > 5000) breaksCache.clear();
  breaksCache.set(name, breaks);
  return breaks;
}

/**
 * A card's name as the overview writes it, or null when it would be too small to read. A block
 * keeps a legible name in its header (the way to tell 50 blocks apart far out); a stage shows its
 * whole name, broken between its pieces, as large as its card takes it up to the far cards' size
 * (and at least LEGIBLE_NAME_PX where it fits so), and none where it would read under MIN_NAME_PX.
 */
export function nameLabel(box: OverviewBox, zoom: number): NameLabel | null {
  const padding = 8 / zoom;
  if (box.kind === 'block') {
    const maxWidth = box.width * zoom - 16;
    // Smaller where the header is narrow, rather than cut, down to a size still read.
    const fontPx = Math.max(MIN_BLOCK_NAME_PX, Math.min(Math.max(BLOCK_NAME_PX, 26 * zoom), maxWidth / emWidth(box.name || ' ')));
    if (maxWidth < fontPx * 2 || box.height * zoom < fontPx + 4) return null;
    return { lines: [box.name], fontPx, lineHeight: fontPx * LINE, x: box.x + padding, y: box.y + Math.min(box.height / 2, (fontPx / 2 + 6) / zoom), maxWidth };
  }
  const inset = Math.min(8, box.width * zoom * 0.06);
  const width = box.width * zoom - 2 * inset;
  const height = box.height * zoom - 2 * inset;
  const wanted = Math.max(LEGIBLE_NAME_PX, STAGE_NAME_FLOW_PX * zoom);
  let best: { lines: string[]; fontPx: number } | undefined;
  for (const way of nameBreaks(box.name || ' ')) {
    const fontPx = Math.min(wanted, width / way.widest, height / (way.lines.length * LINE));
    if (!best || fontPx > best.fontPx + 0.01) best = { lines: way.lines, fontPx };
  }
  if (!best || best.fontPx < MIN_NAME_PX) return null;
  const lineHeight = best.fontPx * LINE;
  return {
    lines: best.lines,
    fontPx: best.fontPx,
    lineHeight,
    x: box.x + inset / zoom,
    y: box.y + box.height / 2 - ((best.lines.length - 1) * lineHeight) / 2 / zoom,
    maxWidth: width,
  };
}

/** The name cut to `maxWidth` with an ellipsis, by a measuring function (the 2D context's measureText). */
export function fitText(text: string, maxWidth: number, measure: (text: string) => number): string {
  if (measure(text) <= maxWidth) return text;
  let low = 0;
  let high = text.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (measure(`${text.slice(0, mid)}…`) <= maxWidth) low = mid;
    else high = mid - 1;
  }
  return low > 0 ? `${text.slice(0, low)}…` : '';
}
