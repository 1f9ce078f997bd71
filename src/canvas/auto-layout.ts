import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import type { AgentDocument, Point, Size } from '../model';
import { codeEdgeLabel, codeEdgesOf, type StageFlow } from '../model/code-flow';
import { DEFAULT_BLOCK_SIZE, STAGE_SIZE } from '../model/ops/layout';
import type { AppStore, HistoryMode } from '../store';
import { edgeLabel, toolMap } from './labels';
import { LOOP_RISE } from './edge-geometry';
import { HANDLE_Y } from './adapters';

/** Room above a block's first row of stages for its header. */
const BLOCK_TOP = 56;
const BLOCK_SIDE = 24;
/** Extra room above a stage whose loop arc and label rise over its card. */
const LOOP_ROOM = LOOP_RISE + 14;
/** A label's width as the canvas draws it (11px monospace, clipped at 230px), plus the order badge. */
const labelWidth = (text: string, ordered: boolean) => Math.min(230, 16 + text.length * 6.6) + (ordered ? 20 : 0);

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

/**
 * Lays the agent out left to right with ELK's layered algorithm: blocks are compound nodes around
 * their stages, edges between stages order the layers (across blocks too), labels get room, and
 * nothing overlaps. Returns a new document with only `layout` changed. `stageFlow`: where the
 * code moves the call (a Pinecall class's tools setting this.stage): those edges order the layers
 * too, or a class whose flow lives in its code is laid out as one column.
 */
export async function autoLayout(doc: AgentDocument, stageFlow?: StageFlow): Promise<AgentDocument> {
  const elk = await loadElk();
  const blockIds = new Set(doc.blocks.map((b) => b.id));
  const looping = new Set(doc.edges.filter((e) => e.from === e.to).map((e) => e.from));
  const stageBlock = new Map(doc.stages.map((s) => [s.id, blockIds.has(s.blockId) ? s.blockId : null]));
  const tools = toolMap(doc);

  // Ports where the canvas draws the handles (on the title row), so ELK straightens real lines.
  const stageNode = (id: string): ElkNode => {
    const top = looping.has(id) ? LOOP_ROOM : 0;
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

  const blockNodes: ElkNode[] = doc.blocks.map((block) => {
    const stages = doc.stages.filter((s) => s.blockId === block.id);
    if (stages.length === 0) return { id: block.id, width: DEFAULT_BLOCK_SIZE.width, height: DEFAULT_BLOCK_SIZE.height };
    return {
      id: block.id,
      layoutOptions: { 'elk.padding': `[top=${BLOCK_TOP},left=${BLOCK_SIDE},bottom=${BLOCK_SIDE},right=${BLOCK_SIDE}]` },
      children: stages.map((s) => stageNode(s.id)),
      edges: [],
    };
  });
  const orphans = doc.stages.filter((s) => stageBlock.get(s.id) === null).map((s) => stageNode(s.id));
  const rootEdges: ElkExtendedEdge[] = [];
  const byId = new Map(blockNodes.map((b) => [b.id, b]));

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
  const widths = new Map<string, number>();
  // Layers sit far enough apart for the widest label between them (edges between two blocks
  // also have both blocks' padding to cross).
  const spacing = (edges: ElkExtendedEdge[], room: number) =>
    String(Math.max(72, Math.min(240, Math.max(0, ...edges.map((e) => widths.get(e.id) ?? 0)) + 28 - room)));

  for (const edge of laid) {
    if (edge.from === edge.to || !stageBlock.has(edge.from) || !stageBlock.has(edge.to)) continue;
    widths.set(edge.id, labelWidth(edge.label, edge.ordered));
    const elkEdge: ElkExtendedEdge = {
      id: edge.id,
      sources: [`${edge.from}:out`],
      targets: [`${edge.to}:in`],
    };
    const from = stageBlock.get(edge.from);
    // An edge lives in the lowest node that contains both of its ends.
    if (from && from === stageBlock.get(edge.to)) byId.get(from)!.edges!.push(elkEdge);
    else rootEdges.push(elkEdge);
  }

  for (const block of blockNodes) {
    if (block.edges && block.layoutOptions) block.layoutOptions['elk.layered.spacing.nodeNodeBetweenLayers'] = spacing(block.edges, 0);
  }

  const graph: ElkNode = {
    id: '__root',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'RIGHT',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.spacing.nodeNode': '48',
      'elk.layered.spacing.edgeNodeBetweenLayers': '24',
      'elk.spacing.componentComponent': '72',
      'elk.layered.nodePlacement.strategy': 'NETWORK_SIMPLEX',
      'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
      'elk.layered.spacing.nodeNodeBetweenLayers': spacing(rootEdges, BLOCK_SIDE * 2 + 36),
    },
    children: [...blockNodes, ...orphans],
    edges: rootEdges,
  };

  const result = await elk.layout(graph);
  const positions: Record<string, Point> = {};
  const sizes: Record<string, Size> = {};
  const round = (n: number | undefined) => Math.round(n ?? 0);
  // ELK pads the root; the layout starts at the origin instead.
  const left = Math.min(...(result.children ?? []).map((c) => c.x ?? 0));
  const top = Math.min(...(result.children ?? []).map((c) => c.y ?? 0));
  for (const child of result.children ?? []) {
    positions[child.id] = { x: round((child.x ?? 0) - left), y: round((child.y ?? 0) - top) };
    if (blockIds.has(child.id)) {
      sizes[child.id] = { width: round(child.width), height: round(child.height) };
      for (const stage of child.children ?? []) {
        positions[stage.id] = { x: round(stage.x), y: round(stage.y) + (looping.has(stage.id) ? LOOP_ROOM : 0) };
      }
    } else if (looping.has(child.id)) {
      positions[child.id].y += LOOP_ROOM;
    }
  }
  return { ...doc, layout: { positions: { ...doc.layout.positions, ...positions }, sizes: { ...doc.layout.sizes, ...sizes } } };
}

/**
 * Lays out the store's document as one undo step. If the document changed while ELK worked, the
 * new positions are merged into the current document rather than overwriting the change.
 */
export async function runAutoLayout(store: AppStore, options: { history?: HistoryMode } = {}): Promise<void> {
  const doc = store.getState().doc;
  const laidOut = await autoLayout(doc, await stageFlowOf(doc));
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
  if (doc.target !== 'pinecall') return undefined;
  try {
    const client = await import('../store/workers/problems-client');
    return (await client.settledInWorker(doc))?.stageFlow;
  } catch {
    return undefined;
  }
}
