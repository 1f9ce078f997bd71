import type { ElkNode } from 'elkjs/lib/elk-api';
import type { AgentDocument, Point, Size } from '../model';
import { codeEdgeLabel, codeEdgesOf, type StageFlow } from '../model/code-flow';
import { DEFAULT_BLOCK_SIZE, STAGE_SIZE } from '../model/ops/layout';
import type { AppStore, HistoryMode } from '../store';
import { edgeLabel, labelBoxWidth as labelWidth, toolMap } from './labels';
import { loopRoom } from './edge-geometry';
import { HANDLE_Y } from './adapters';
import { emWidth } from './name-fit';
import { factsOf } from '../runtimes/facts';

/** Room above a block's first row of stages for its header (its name large when far out). */
const BLOCK_TOP = 64;
const BLOCK_SIDE = 24;

type ElkConstructor = new () => { layout(graph: ElkNode): Promise<ElkNode> };
let elkPromise: Promise<InstanceType<ElkConstructor>> | undefined;

// elkjs is ~1.5 MB: loaded on first use, never on first paint.
function loadElk() {
  elkPromise ??= import('elkjs/lib/elk.bundled.js').then((module) => {
    const ELK = (module as unknown as { default: ElkConstructor }).default;
    return new ELK();
  });
  return elkPromise;
}

/** The part of the canvas fit view fills (the canvas at 1440×900, between the outline, inspector and dock, less fit view's insets). */
export const DEFAULT_LAYOUT_VIEW: LayoutView = { width: 784, height: 540 };
export interface LayoutView {
  width: number;
  height: number;
}

/** Between two blocks (or loose stages) side by side in a row, and between rows of them. */
const ROW_GAP = 84;
/** Between rows of one block's stages, when a long block wraps. */
const INNER_ROW_GAP = 84;
/** A block's name reads at this size (flow px) on one line of its header, at least: the block is made wide enough. */
const BLOCK_NAME_FLOW_PX = 32;

interface Placed {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A block (or a stage in no block) as laid out on its own: its stages in ELK's layers, left to right. */
interface Unit {
  id: string;
  block: boolean;
  /** The layers' columns, left to right, stages relative to the unit's content. */
  columns: { x: number; width: number; stages: Placed[] }[];
  minWidth: number;
}

/** A unit's stages wrapped into rows no wider than `inner`: positions relative to its content, and its content's size. */
function wrapUnit(unit: Unit, inner: number): { stages: Placed[]; width: number; height: number } {
  const stages: Placed[] = [];
  let width = 0;
  let top = 0;
  let row: Unit['columns'] = [];
  const flush = () => {
    if (row.length === 0) return;
    const left = row[0].x;
    const rowTop = Math.min(...row.flatMap((c) => c.stages.map((s) => s.y)));
    let bottom = 0;
    for (const column of row) {
      for (const stage of column.stages) {
        stages.push({ ...stage, x: stage.x - left, y: stage.y - rowTop + top });
        bottom = Math.max(bottom, stage.y - rowTop + stage.height);
      }
      width = Math.max(width, column.x + column.width - left);
    }
    top += bottom + INNER_ROW_GAP;
    row = [];
  };
  for (const column of unit.columns) {
    if (row.length > 0 && column.x + column.width - row[0].x > inner) flush();
    row.push(column);
  }
  flush();
  return { stages, width, height: Math.max(0, top - INNER_ROW_GAP) };
}

/**
 * Lays the agent out to be read at a glance when the view is fitted to it: each block's stages
 * left to right in ELK's layers (edges order them), and the blocks in the order the call reaches
 * them, left to right in rows as wide as makes the whole agent largest in `view` (a long chain
 * wraps like a text; a block too long for a row wraps inside). Returns a new document with only
 * `layout` changed. `stageFlow`: where the code moves the call (a Pinecall class's tools setting
 * this.stage): those edges order the stages too, or a class whose flow lives in its code is laid
 * out as one column.
 */
export async function autoLayout(doc: AgentDocument, stageFlow?: StageFlow, view: LayoutView = DEFAULT_LAYOUT_VIEW): Promise<AgentDocument> {
  const elk = await loadElk();
  const blockIds = new Set(doc.blocks.map((b) => b.id));
  // Loops (the document's and the code's) rise over their card: room above it for their arcs and labels.
  const loops = new Map<string, number>();
  for (const edge of [...doc.edges, ...(stageFlow ? codeEdgesOf(doc, stageFlow) : [])]) if (edge.from === edge.to) loops.set(edge.from, (loops.get(edge.from) ?? 0) + 1);
  const roomAbove = (id: string) => loopRoom(loops.get(id) ?? 0);
  const stageBlock = new Map(doc.stages.map((s) => [s.id, blockIds.has(s.blockId) ? s.blockId : null]));
  const tools = toolMap(doc);

  // Ports where the canvas draws the handles (on the title row), so ELK straightens real lines.
  const stageNode = (id: string): ElkNode => {
    const top = roomAbove(id);
    return {
      id,
      width: STAGE_SIZE.width,
      height: STAGE_SIZE.height + top,
      layoutOptions: { 'elk.portConstraints': 'FIXED_POS' },
      ports: [
        { id: `${id}:in`, x: 0, y: top + HANDLE_Y, width: 1, height: 1, layoutOptions: { 'elk.port.side': 'WEST' } },
        { id: `${id}:out`, x: STAGE_SIZE.width - 1, y: top + HANDLE_Y, width: 1, height: 1, layoutOptions: { 'elk.port.side': 'EAST' } },
      ],
    };
  };

  const outgoing = new Map<string, number>();
  for (const edge of doc.edges) outgoing.set(edge.from, (outgoing.get(edge.from) ?? 0) + 1);
  // The document's edges, then the code's (one per pair of stages: parallel ones fan out on the canvas).
  const laid: { id: string; from: string; to: string; label: string; ordered: boolean }[] =
    doc.edges.map((edge) => ({ id: edge.id, from: edge.from, to: edge.to, label: edgeLabel(edge, tools), ordered: (outgoing.get(edge.from) ?? 0) > 1 }));
  const pairs = new Set(laid.map((e) => `${e.from}>${e.to}`));
  // A code edge back to an earlier stage (start over, ask again) is drawn but does not order the
  // layers: left in, ELK's cycle breaking may put a late stage first; the stages' own order says
  // which way the call goes.
  const order = new Map(doc.stages.map((s, i) => [s.id, s.id === doc.entryStageId ? -1 : i]));
  for (const edge of stageFlow ? codeEdgesOf(doc, stageFlow) : []) {
    if ((order.get(edge.from) ?? 0) > (order.get(edge.to) ?? 0)) continue;
    if (pairs.has(`${edge.from}>${edge.to}`)) continue;
    pairs.add(`${edge.from}>${edge.to}`);
    laid.push({ id: `code:${edge.id}`, from: edge.from, to: edge.to, label: codeEdgeLabel(edge.write), ordered: false });
  }
  // Layers sit far enough apart for the widest label between them.
  const spacing = (edges: typeof laid, room: number) =>
    Math.max(72, Math.min(200, Math.max(0, ...edges.map((e) => labelWidth(e.label, e.ordered))) + 28 - room));

  // Each block on its own: its stages and the edges between them.
  const units = new Map<string, Unit>();
  await Promise.all(doc.blocks.map(async (block) => {
    const stages = doc.stages.filter((s) => s.blockId === block.id);
    const minWidth = Math.max(DEFAULT_BLOCK_SIZE.width, Math.ceil(emWidth(block.name) * BLOCK_NAME_FLOW_PX) + 28);
    if (stages.length === 0) {
      units.set(block.id, { id: block.id, block: true, columns: [], minWidth });
      return;
    }
    const inside = laid.filter((e) => e.from !== e.to && stageBlock.get(e.from) === block.id && stageBlock.get(e.to) === block.id);
    const result = await elk.layout({
      id: block.id,
      layoutOptions: {
        'elk.algorithm': 'layered',
        'elk.direction': 'RIGHT',
        'elk.padding': '[top=0,left=0,bottom=0,right=0]',
        'elk.spacing.nodeNode': '48',
        'elk.layered.spacing.edgeNodeBetweenLayers': '24',
        'elk.layered.nodePlacement.strategy': 'NETWORK_SIMPLEX',
        'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
        'elk.layered.spacing.nodeNodeBetweenLayers': String(spacing(inside, 0)),
      },
      children: stages.map((s) => stageNode(s.id)),
      edges: inside.map((e) => ({ id: e.id, sources: [`${e.from}:out`], targets: [`${e.to}:in`] })),
    });
    units.set(block.id, { id: block.id, block: true, columns: columnsOf(result.children ?? []), minWidth });
  }));
  for (const stage of doc.stages) {
    if (stageBlock.get(stage.id) !== null) continue;
    const node = stageNode(stage.id);
    units.set(stage.id, { id: stage.id, block: false, columns: columnsOf([{ ...node, x: 0, y: 0 }]), minWidth: 0 });
  }

  const ordered = callOrder(doc, laid, stageBlock).map((id) => units.get(id)!).filter(Boolean);
  const unitGap = spacing(laid.filter((e) => stageBlock.get(e.from) !== stageBlock.get(e.to) || stageBlock.get(e.from) === null), BLOCK_SIDE * 2 + 4);

  // Every row width worth trying, from one column to everything in one row, and for each every
  // width a long block may wrap its stages at: the pair that shows the agent largest wins.
  const natural = ordered.map((u) => outerSize(u, wrapUnit(u, Infinity)).width);
  const narrowest = Math.max(STAGE_SIZE.width + BLOCK_SIDE * 2, ...ordered.map((u) => u.minWidth));
  const widest = natural.reduce((sum, w) => sum + w, 0) + unitGap * Math.max(0, ordered.length - 1);
  const rowWidths = new Set([narrowest, widest]);
  for (let i = 1; i < 40; i++) rowWidths.add(Math.round(narrowest * (widest / narrowest) ** (i / 40)));
  const longest = ordered.reduce<Unit | undefined>((a, u) => (!a || u.columns.length > a.columns.length ? u : a), undefined);
  const wraps = new Set([Infinity, ...(longest?.columns ?? []).map((c) => c.x + c.width + 1)]);
  let best: ReturnType<typeof pack> | undefined;
  let bestZoom = -1;
  for (const wrap of [...wraps].sort((a, b) => b - a)) {
    for (const width of [...rowWidths].sort((a, b) => b - a)) {
      const packed = pack(ordered, width, unitGap, wrap);
      const zoom = Math.min(1, view.width / Math.max(1, packed.width), view.height / Math.max(1, packed.height));
      // A few rows fewer are worth a little size: the widest that is as large as any wins.
      if (zoom > bestZoom * 1.02) {
        best = packed;
        bestZoom = zoom;
      }
    }
  }

  const positions: Record<string, Point> = {};
  const sizes: Record<string, Size> = {};
  for (const item of best?.items ?? []) {
    if (item.unit.block) {
      positions[item.unit.id] = { x: item.x, y: item.y };
      sizes[item.unit.id] = { width: item.width, height: item.height };
      for (const stage of item.stages) positions[stage.id] = { x: BLOCK_SIDE + stage.x, y: BLOCK_TOP + stage.y + roomAbove(stage.id) };
    } else {
      for (const stage of item.stages) positions[stage.id] = { x: item.x + stage.x, y: item.y + stage.y + roomAbove(stage.id) };
    }
  }
  return { ...doc, layout: { positions: { ...doc.layout.positions, ...positions }, sizes: { ...doc.layout.sizes, ...sizes } } };
}

/** ELK's laid-out stages grouped into its layers (same x), left to right, relative to the first. */
function columnsOf(children: ElkNode[]): Unit['columns'] {
  const round = (n: number | undefined) => Math.round(n ?? 0);
  const left = Math.min(...children.map((c) => round(c.x)));
  const top = Math.min(...children.map((c) => round(c.y)));
  const byX = new Map<number, Placed[]>();
  for (const child of children) {
    const x = round(child.x) - left;
    const list = byX.get(x) ?? [];
    list.push({ id: child.id, x, y: round(child.y) - top, width: round(child.width), height: round(child.height) });
    byX.set(x, list);
  }
  return [...byX.entries()].sort((a, b) => a[0] - b[0]).map(([x, stages]) => ({ x, width: Math.max(...stages.map((s) => s.width)), stages }));
}

/** A unit's size around its (wrapped) stages: a block has its header and padding; an empty block its default size. */
function outerSize(unit: Unit, content: { width: number; height: number }): Size {
  if (!unit.block) return content;
  if (unit.columns.length === 0) return { width: Math.max(DEFAULT_BLOCK_SIZE.width, unit.minWidth), height: DEFAULT_BLOCK_SIZE.height };
  return { width: Math.max(unit.minWidth, content.width + BLOCK_SIDE * 2), height: content.height + BLOCK_TOP + BLOCK_SIDE };
}

/**
 * The units left to right in rows no wider than `width` (one wider than that alone in its row),
 * each unit's stages wrapped at `wrap` or to fit the row.
 */
function pack(units: Unit[], width: number, gap: number, wrap: number) {
  const items: { unit: Unit; x: number; y: number; width: number; height: number; stages: Placed[] }[] = [];
  let x = 0;
  let y = 0;
  let rowHeight = 0;
  let widest = 0;
  for (const unit of units) {
    const pad = unit.block ? BLOCK_SIDE * 2 : 0;
    const content = wrapUnit(unit, Math.max(STAGE_SIZE.width, Math.min(wrap, width - pad)));
    const size = outerSize(unit, content);
    if (x > 0 && x + size.width > width) {
      y += rowHeight + ROW_GAP;
      x = 0;
      rowHeight = 0;
    }
    items.push({ unit, x, y, ...size, stages: content.stages });
    widest = Math.max(widest, x + size.width);
    x += size.width + gap;
    rowHeight = Math.max(rowHeight, size.height);
  }
  return { items, width: widest, height: y + rowHeight };
}

/**
 * The blocks (and stages in no block) in the order a call reaches them: depth first from the
 * entry stage along the edges, each stage's edges in their order; what no edge reaches follows in
 * the document's order.
 */
function callOrder(doc: AgentDocument, edges: readonly { from: string; to: string }[], stageBlock: Map<string, string | null>): string[] {
  const next = new Map<string, string[]>();
  for (const edge of edges) {
    if (edge.from === edge.to) continue;
    const list = next.get(edge.from) ?? [];
    list.push(edge.to);
    next.set(edge.from, list);
  }
  const unitOf = (stageId: string) => stageBlock.get(stageId) ?? stageId;
  const seen = new Set<string>();
  const result: string[] = [];
  const add = (id: string) => {
    if (!seen.has(id)) {
      seen.add(id);
      result.push(id);
    }
  };
  const visited = new Set<string>();
  const starts = [doc.entryStageId, ...doc.stages.map((s) => s.id)].filter((id): id is string => !!id && stageBlock.has(id));
  for (const start of starts) {
    if (visited.has(start)) continue;
    const stack = [start];
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (visited.has(id)) continue;
      visited.add(id);
      add(unitOf(id));
      const targets = next.get(id) ?? [];
      for (let i = targets.length - 1; i >= 0; i--) if (!visited.has(targets[i])) stack.push(targets[i]);
    }
  }
  for (const block of doc.blocks) add(block.id);
  return result;
}

/**
 * Lays out the store's document as one undo step. If the document changed while ELK worked, the
 * new positions are merged into the current document rather than overwriting the change.
 */
export async function runAutoLayout(store: AppStore, options: { history?: HistoryMode; view?: LayoutView } = {}): Promise<void> {
  const doc = store.getState().doc;
  const laidOut = await autoLayout(doc, await stageFlowOf(doc), options.view);
  store.getState().apply((current) => withLayout(current, laidOut.layout), { history: options.history ?? 'push', label: 'auto-layout' });
  // The canvas fits the view to a layout it did not start itself (the top bar's Layout button).
  store.getState().laidOut();
}

/** `doc` with the laid-out positions and sizes of the entities it still has; the same object when nothing moves. */
export function withLayout(doc: AgentDocument, layout: AgentDocument['layout']): AgentDocument {
  const positions = { ...doc.layout.positions };
  const sizes = { ...doc.layout.sizes };
  let changed = false;
  for (const { id } of [...doc.blocks, ...doc.stages]) {
    const at = layout.positions[id];
    if (at && (positions[id]?.x !== at.x || positions[id]?.y !== at.y)) {
      positions[id] = at;
      changed = true;
    }
  }
  for (const { id } of doc.blocks) {
    const size = layout.sizes[id];
    if (size && (sizes[id]?.width !== size.width || sizes[id]?.height !== size.height)) {
      sizes[id] = size;
      changed = true;
    }
  }
  return changed ? { ...doc, layout: { positions, sizes } } : doc;
}

/**
 * The code's stage flow for a layout, from the problems worker (which reads it with the TypeScript
 * parser the page never loads): asked of a Pinecall agent only. The canvas asks the same question
 * of the same document, so the worker answers it once.
 */
async function stageFlowOf(doc: AgentDocument): Promise<StageFlow | undefined> {
  if (!factsOf(doc.target).classCode) return undefined;
  try {
    const client = await import('../store/workers/problems-client');
    return (await client.settledInWorker(doc))?.stageFlow;
  } catch {
    return undefined;
  }
}
