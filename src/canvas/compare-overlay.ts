// The canvas while comparing two agents (issue 15): which cards, edges and tool chips of the open
// agent are added, changed or renamed since the base, and the ghosts of what the base had and the
// open agent lost, drawn where the base placed them. Reached only through a dynamic import (the
// diff is not first-paint weight) and computed once per (base, doc) pair, never per card.
import { diffAgents, type AgentDifference } from '../model/diff';
import type { AgentDocument, Point, Size } from '../model';
import { DEFAULT_BLOCK_SIZE, STAGE_SIZE } from '../model/ops/layout';
import { edgeLabel, toolMap } from './labels';
import type { AgentEdgeData, AgentFlowEdge, CanvasNode } from './types';

export type DiffStatus = 'added' | 'changed' | 'renamed';

/** A block or stage of the base that the open agent no longer has. */
export interface GhostCard {
  id: string;
  kind: 'block' | 'stage';
  name: string;
  /** Relative to `parentId` when set, else on the canvas. */
  position: Point;
  size: Size;
  /** The card it sits in: an existing block of the open agent, or a ghost block. */
  parentId?: string;
}

/** An edge of the base the open agent lost, between existing or ghost cards. */
export interface GhostEdge {
  id: string;
  source: string;
  target: string;
  label: string;
}

export interface CompareOverlay {
  differences: AgentDifference[];
  /** Ids in the open agent (blocks, stages, edges, tools) → what happened to them. */
  status: Map<string, DiffStatus>;
  /** Per id, the labels of its differences (a badge's tooltip). */
  notes: Map<string, string[]>;
  ghosts: GhostCard[];
  ghostEdges: GhostEdge[];
}

export const GHOST_PREFIX = 'ghost:';
const RANK: Record<DiffStatus, number> = { renamed: 1, changed: 2, added: 3 };
const CANVAS_KINDS = new Set(['block', 'stage', 'edge', 'tool']);

/** The entity-level map: one status per id of the open agent, the strongest of its differences. */
export function statusOf(differences: readonly AgentDifference[]): { status: Map<string, DiffStatus>; notes: Map<string, string[]> } {
  const status = new Map<string, DiffStatus>();
  const notes = new Map<string, string[]>();
  for (const d of differences) {
    const id = d.entity.b;
    if (!id || d.change === 'removed' || !CANVAS_KINDS.has(d.entity.kind)) continue;
    const next: DiffStatus = d.change;
    const current = status.get(id);
    if (!current || RANK[next] > RANK[current]) status.set(id, next);
    notes.set(id, [...(notes.get(id) ?? []), d.label]);
  }
  return { status, notes };
}

type Named = { id: string; name: string };

/** The id in the open agent of a base block or stage: the same id, the diff's pairing, or the same name. */
function counterpartIn(doc: readonly Named[], differences: readonly AgentDifference[], kind: 'block' | 'stage', base: Named): string | undefined {
  if (doc.some((x) => x.id === base.id)) return base.id;
  const paired = differences.find((d) => d.entity.kind === kind && d.entity.a === base.id && d.entity.b)?.entity.b;
  if (paired) return paired;
  return doc.find((x) => x.name === base.name)?.id;
}

/** Ghosts of the base's removed blocks, stages and edges, placed where the base had them. */
export function ghostsOf(base: AgentDocument, doc: AgentDocument, differences: readonly AgentDifference[]): { ghosts: GhostCard[]; ghostEdges: GhostEdge[] } {
  const removed = (kind: string) => new Set(differences.filter((d) => d.entity.kind === kind && d.change === 'removed' && d.entity.a).map((d) => d.entity.a!));
  const removedBlocks = removed('block');
  const removedStages = removed('stage');
  const removedEdges = removed('edge');
  const { positions, sizes } = base.layout;
  const ghosts: GhostCard[] = [];
  for (const block of base.blocks) {
    if (!removedBlocks.has(block.id)) continue;
    ghosts.push({ id: GHOST_PREFIX + block.id, kind: 'block', name: block.name, position: positions[block.id] ?? { x: 0, y: 0 }, size: sizes[block.id] ?? DEFAULT_BLOCK_SIZE });
  }
  const blockOf = new Map(base.blocks.map((b) => [b.id, b]));
  for (const stage of base.stages) {
    if (!removedStages.has(stage.id)) continue;
    const block = blockOf.get(stage.blockId);
    const parentId = !block ? undefined : removedBlocks.has(block.id) ? GHOST_PREFIX + block.id : counterpartIn(doc.blocks, differences, 'block', block);
    ghosts.push({ id: GHOST_PREFIX + stage.id, kind: 'stage', name: stage.name, position: positions[stage.id] ?? { x: 0, y: 0 }, size: STAGE_SIZE, ...(parentId ? { parentId } : {}) });
  }
  const stageEnd = (id: string): string | undefined => {
    if (removedStages.has(id)) return GHOST_PREFIX + id;
    const stage = base.stages.find((s) => s.id === id);
    return stage && counterpartIn(doc.stages, differences, 'stage', stage);
  };
  const tools = toolMap(base);
  const ghostEdges: GhostEdge[] = [];
  for (const edge of base.edges) {
    if (!removedEdges.has(edge.id)) continue;
    const source = stageEnd(edge.from);
    const target = stageEnd(edge.to);
    if (source && target) ghostEdges.push({ id: GHOST_PREFIX + edge.id, source, target, label: edgeLabel(edge, tools) });
  }
  return { ghosts, ghostEdges };
}

export function compareOverlay(base: AgentDocument, doc: AgentDocument): CompareOverlay {
  const differences = diffAgents(base, doc);
  return { differences, ...statusOf(differences), ...ghostsOf(base, doc, differences) };
}

// The last pair and its overlay: the canvas and the compare panel ask for the same pair, and it is
// diffed once.
let last: { base: AgentDocument; doc: AgentDocument; overlay: CompareOverlay } | null = null;
export function overlayFor(base: AgentDocument, doc: AgentDocument): CompareOverlay {
  if (last && last.base === base && last.doc === doc) return last.overlay;
  last = { base, doc, overlay: compareOverlay(base, doc) };
  return last.overlay;
}

const withClass = (className: string | undefined, extra: string) => (className ? `${className} ${extra}` : extra);

/**
 * The adapter's nodes and edges with the overlay on: marked ones get a `cb-diff-<status>` class
 * (a copy of that node only; the others keep their identity) and the ghosts come last (parents
 * before their children, as xyflow wants).
 */
export function overlayFlow(nodes: CanvasNode[], edges: AgentFlowEdge[], overlay: CompareOverlay): { nodes: CanvasNode[]; edges: AgentFlowEdge[] } {
  const mark = <T extends { id: string; className?: string }>(item: T): T => {
    const status = overlay.status.get(item.id);
    return status ? { ...item, className: withClass(item.className, `cb-diff cb-diff-${status}`) } : item;
  };
  const ghostNodes = overlay.ghosts.map((g) => ({
    id: g.id,
    type: 'ghost',
    position: g.position,
    ...(g.parentId ? { parentId: g.parentId } : {}),
    width: g.size.width,
    height: g.size.height,
    measured: { ...g.size },
    selectable: false,
    draggable: false,
    connectable: false,
    focusable: false,
    deletable: false,
    // Above the cards of the block it sits in, below the open agent's stages.
    zIndex: g.kind === 'stage' ? 1 : 0,
    className: `cb-ghost-wrapper cb-ghost-${g.kind}`,
    ariaLabel: `Removed ${g.kind} ${g.name}`,
    // The minimap reads a tint from every node's data.
    data: { kind: g.kind, name: g.name, tint: 'transparent' },
  })) as unknown as CanvasNode[]; // display-only nodes: not stages or blocks, so outside CanvasNode's union
  const ghostEdges: AgentFlowEdge[] = overlay.ghostEdges.map((e) => ({
    id: e.id,
    type: 'agent',
    source: e.source,
    target: e.target,
    selectable: false,
    focusable: false,
    deletable: false,
    ariaLabel: `Removed edge: ${e.label}`,
    className: e.source === e.target ? 'cb-edge loop cb-diff-ghost' : 'cb-edge cb-diff-ghost',
    data: { kind: e.source === e.target ? 'loop' : 'edge', label: e.label, order: null, dashed: true, offset: 0.5, problems: null } satisfies AgentEdgeData,
  }));
  return { nodes: [...nodes.map(mark), ...ghostNodes], edges: [...edges.map(mark), ...ghostEdges] };
}

/**
 * What the cards cannot mark through a node's class: tool chips and edge labels, which xyflow
 * renders outside the node or edge element. One style sheet keyed by id (escaped).
 */
export function overlayStyleSheet(overlay: CompareOverlay, escape: (id: string) => string): string {
  const rules: string[] = [];
  for (const [id, status] of overlay.status) {
    rules.push(`.cb-canvas [data-tool-id="${escape(id)}"], .cb-canvas .cb-edge-label[data-edge-id="${escape(id)}"] { outline: 2px solid var(--cb-diff-${status}); outline-offset: 1px; }`);
  }
  return rules.join('\n');
}
