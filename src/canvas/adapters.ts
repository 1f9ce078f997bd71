import { toolsOfBlock, toolVisibleIn, type AgentDocument, type Point, type Stage, type Tool } from '../model';
import { codeEdgeLabel, codeEdgesOf, type StageFlow } from '../model/code-flow';
import { DEFAULT_BLOCK_SIZE, STAGE_SIZE, contentSize } from '../model/ops/layout';
import { fallbackPositions } from './fallback-positions';

export { fallbackPositions };
import { edgeLabel, isNaturalLanguage, labelBoxWidth, stagesSetInCode, toolMap } from './labels';
import { loopRoom } from './edge-geometry';
import { ROUTE_LIMIT, STAGE_TITLE_HEIGHT, routeEdges, type EdgeRoute, type Rect, type RouteEdge } from './edge-routes';
import { CANVAS_KEYS_HELP_ID } from './keyboard-focus';
import { blockTint } from './tint';
import { endMarkOf } from './ends-call';
import { blockNameFit, stageCardFit } from './name-fit';
import { FAR_STEPS } from './zoom-levels';
import type { AgentEdgeData, AgentFlowEdge, BlockFlowNode, CanvasNode, ProblemCount, Severity, StageFlowNode, ToolChip } from './types';

/** The part of a lint Problem the canvas reads (src/model/lint), kept structural so this stays pure. */
export interface ProblemLike {
  severity: Severity;
  entity: { kind: string; id?: string };
  message: string;
}

export interface FlowInput {
  doc: AgentDocument;
  /** Ids of the selected blocks, stages and edges. */
  selected: ReadonlySet<string>;
  problems?: readonly ProblemLike[];
  /**
   * Where the code moves the call, as the problems worker read it (runtimes/pinecall/format/stage-flow.ts);
   * until it answers, the literal `this.stage = "x"` writes the lexer sees are drawn instead.
   */
  stageFlow?: StageFlow;
}

export interface FlowOutput {
  nodes: CanvasNode[];
  edges: AgentFlowEdge[];
}

/** Id prefix of the read-only edges drawn for `this.stage = "x"` in a tool body. */
export const CODE_EDGE_PREFIX = 'code:';
export const isCodeEdgeId = (id: string) => id.startsWith(CODE_EDGE_PREFIX);

/** Where a stage's handles sit (edge-geometry.ts). */
export { HANDLE_Y } from './edge-geometry';

const RANK: Record<Severity, number> = { error: 3, warning: 2, info: 1 };

/** Problems counted per stage (its own and its outgoing edges'), per block and per edge. */
export function countProblems(doc: AgentDocument, problems: readonly ProblemLike[] = []): Map<string, ProblemCount> {
  const counts = new Map<string, ProblemCount>();
  if (problems.length === 0) return counts;
  const edgeFrom = new Map(doc.edges.map((e) => [e.id, e.from]));
  const add = (id: string, problem: ProblemLike) => {
    const current = counts.get(id);
    if (!current) {
      counts.set(id, { count: 1, worst: problem.severity, messages: [problem.message] });
      return;
    }
    current.count++;
    if (RANK[problem.severity] > RANK[current.worst]) current.worst = problem.severity;
    if (current.messages.length < 5) current.messages.push(problem.message);
  };
  for (const problem of problems) {
    const { kind, id } = problem.entity;
    if (!id) continue;
    if (kind === 'stage' || kind === 'block') add(id, problem);
    else if (kind === 'edge') {
      add(id, problem);
      const from = edgeFrom.get(id);
      if (from) add(from, problem);
    }
  }
  return counts;
}

const sameProblems = (a: ProblemCount | null, b: ProblemCount | null) =>
  a === b || (!!a && !!b && a.count === b.count && a.worst === b.worst && a.messages.join('\n') === b.messages.join('\n'));

const chipsKey = (tools: readonly Tool[]) => tools.map((t) => `${t.id}\u0000${t.name}`).join('\u0001');

interface Memo<T> {
  deps: readonly unknown[];
  value: T;
}

function remember<T>(cache: Map<string, Memo<T>>, next: Map<string, Memo<T>>, id: string, deps: readonly unknown[], build: () => T): T {
  const previous = cache.get(id);
  const hit = previous && previous.deps.length === deps.length && previous.deps.every((d, i) => Object.is(d, deps[i]));
  const value = hit ? previous.value : build();
  next.set(id, hit ? previous : { deps, value });
  return value;
}

/**
 * What of a stage its card takes from its node: all but the instructions' text (whether there are
 * any stays, the card's empty state). The card reads the text itself (liveInstructions), so typing
 * a stage's instructions leaves every node the same object: a new node array made React Flow run
 * every mounted card's selectors on each keystroke of a 500-stage agent.
 */
const cardInputs = (stage: Stage) => [stage.id, stage.name, stage.kind, stage.waitToken, stage.blockId, stage.instructions === ''];

const instructionsIndex = new WeakMap<readonly Stage[], Map<string, string>>();
/** A stage's instructions in `doc` by id, undefined when `doc` has no such stage (a ghost, another agent's card). */
export function liveInstructions(doc: AgentDocument, stageId: string): string | undefined {
  let index = instructionsIndex.get(doc.stages);
  if (!index) instructionsIndex.set(doc.stages, (index = new Map(doc.stages.map((s) => [s.id, s.instructions]))));
  return index.get(stageId);
}

const sameArray = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((x, i) => x === b[i]);

const NO_NOTES: string[] = [];
/** Vertical distance between the staggered labels of code edges leaving one stage: a label's height and a gap. */
const CODE_LABEL_STAGGER = 24;

/**
 * A read-only edge drawn from code: not selectable or deletable; its label takes focus, and Enter
 * or a double-click opens the code at the assignment (edges/AgentEdge.tsx).
 */
function codeFlowEdge(id: string, source: string, target: string, data: AgentEdgeData, ariaLabel: string): AgentFlowEdge {
  return {
    id,
    type: 'agent',
    source,
    target,
    selectable: false,
    deletable: false,
    // The label is the focus stop (edges/AgentEdge.tsx): one per edge, with Enter to open the code.
    focusable: false,
    ariaLabel,
    className: source === target ? 'cb-edge code loop' : 'cb-edge code',
    data,
  };
}

/**
 * Per stage, what the code of the tools offered there does to the stage that no edge shows: a
 * value the reader cannot know ("sets the stage in code: not resolved") and a name that is no stage.
 */
export function codeNotesOf(doc: AgentDocument, flow: StageFlow | undefined): Map<string, string[]> {
  const notes = new Map<string, string[]>();
  if (!flow || (flow.unresolved.length === 0 && flow.unknownStages.length === 0)) return notes;
  const byTool = new Map(doc.tools.map((t) => [t.name, t]));
  const add = (toolName: string | undefined, note: string) => {
    const tool = toolName !== undefined ? byTool.get(toolName) : undefined;
    const stages = tool ? doc.stages.filter((s) => toolVisibleIn(tool, s)) : doc.stages.filter((s) => s.id === doc.entryStageId);
    for (const stage of stages) {
      const list = notes.get(stage.id) ?? [];
      if (!list.includes(note)) list.push(note);
      notes.set(stage.id, list);
    }
  };
  for (const u of flow.unresolved) add(u.tool, `${u.tool ?? u.hook} sets the stage in code: not resolved (${u.reason})`);
  for (const w of flow.unknownStages) add(w.tool, `${w.tool ?? w.hook} sets the stage to "${w.to}", which is no stage of this agent`);
  return notes;
}

/** Where the cards are, absolute, and the edges' routes around them (edge-routes.ts). */
function routesOf(doc: AgentDocument, edges: RouteEdge[]): Map<string, EdgeRoute> {
  const { positions, sizes } = doc.layout;
  const fallback = doc.blocks.some((b) => !positions[b.id]) || doc.stages.some((s) => !positions[s.id]) ? fallbackPositions(doc) : undefined;
  const at = (id: string) => positions[id] ?? fallback?.get(id) ?? { x: 0, y: 0 };
  const blockIds = new Set(doc.blocks.map((b) => b.id));
  const stages = new Map<string, Rect>();
  const top = new Map<string, number>();
  const loops = new Map<string, number>();
  for (const edge of edges) if (edge.from === edge.to) loops.set(edge.from, (loops.get(edge.from) ?? 0) + 1);
  for (const stage of doc.stages) {
    const own = at(stage.id);
    const origin = blockIds.has(stage.blockId) ? at(stage.blockId) : { x: 0, y: 0 };
    stages.set(stage.id, { x: origin.x + own.x, y: origin.y + own.y, ...STAGE_SIZE });
    if (blockIds.has(stage.blockId)) top.set(stage.blockId, Math.min(top.get(stage.blockId) ?? Infinity, own.y - loopRoom(loops.get(stage.id) ?? 0)));
  }
  const blocks = doc.blocks.map((b) => {
    const size = sizes[b.id] ?? DEFAULT_BLOCK_SIZE;
    // Its header, large far out: up to its first stage.
    return { ...at(b.id), ...size, head: Math.min(size.height, top.get(b.id) ?? STAGE_TITLE_HEIGHT + 8) };
  });
  return routeEdges({ stages, blocks, edges });
}

/**
 * Document → xyflow nodes and edges. Pure: it never touches the document. Each call returns the
 * previous node or edge object when that entity's inputs are unchanged (and the previous array
 * when nothing changed), so dragging one stage of a 500-stage agent rebuilds one node, and React
 * Flow re-renders only what moved.
 */
export function createFlowAdapter(): (input: FlowInput) => FlowOutput {
  let nodeCache = new Map<string, Memo<CanvasNode>>();
  let edgeCache = new Map<string, Memo<AgentFlowEdge>>();
  let chipCache = new Map<string, Memo<ToolChip[]>>();
  let codeTargets = new Map<string, Memo<string[]>>();
  let lastProblems: readonly ProblemLike[] | undefined;
  let lastProblemDoc: AgentDocument | undefined;
  let counts = new Map<string, ProblemCount>();
  let output: FlowOutput = { nodes: [], edges: [] };

  // What depends on the entities but not on the layout is derived once per change of them, so a
  // drag (which only changes layout.positions) skips it.
  interface Derived {
    chips: Map<string, ToolChip[]>;
    stageCount: Map<string, number>;
    blockIds: Set<string>;
    tints: Map<string, string>;
  }
  let derivedFor: [unknown, unknown, unknown] = [undefined, undefined, undefined];
  let derived: Derived | undefined;
  let stagesFor: Stage[] | undefined;
  let stagesShape = '';
  // What of the stages the derived data and the edges read: their ids, blocks and names. Typing a
  // stage's instructions changes doc.stages but not this, so a keystroke skips the 500 × 300 scope
  // checks and the edges' rebuild.
  const shapeOf = (stages: Stage[]) => {
    if (stages !== stagesFor) {
      stagesFor = stages;
      stagesShape = stages.map((s) => `${s.id}\u0000${s.blockId}\u0000${s.name}`).join('\n');
    }
    return stagesShape;
  };
  // And of the tools: ids, names and scopes (a docstring or a parameter typed changes none of them).
  let toolsFor: Tool[] | undefined;
  let toolsShape = '';
  const toolShapeOf = (tools: Tool[]) => {
    if (tools !== toolsFor) {
      toolsFor = tools;
      toolsShape = tools.map((t) => `${t.id}\u0000${t.name}\u0000${JSON.stringify(t.scope)}`).join('\n');
    }
    return toolsShape;
  };
  const derive = (doc: AgentDocument): Derived => {
    const shape = shapeOf(doc.stages);
    const tools = toolShapeOf(doc.tools);
    if (derived && derivedFor[0] === doc.blocks && derivedFor[1] === shape && derivedFor[2] === tools) return derived;
    const nextChips = new Map<string, Memo<ToolChip[]>>();
    const chips = new Map<string, ToolChip[]>();
    const chipsOf = (key: string, tools: Tool[]) =>
      chips.set(key, remember(chipCache, nextChips, key, [chipsKey(tools)], () => tools.map((t) => ({ id: t.id, name: t.name }))));
    for (const block of doc.blocks) chipsOf(`block:${block.id}`, toolsOfBlock(doc, block));
    for (const stage of doc.stages) chipsOf(`stage:${stage.id}`, doc.tools.filter((t) => toolVisibleIn(t, stage)));
    chipCache = nextChips;
    const stageCount = new Map<string, number>();
    for (const stage of doc.stages) stageCount.set(stage.blockId, (stageCount.get(stage.blockId) ?? 0) + 1);
    derivedFor = [doc.blocks, shape, tools];
    derived = {
      chips,
      stageCount,
      blockIds: new Set(doc.blocks.map((b) => b.id)),
      tints: new Map(doc.blocks.map((b, i) => [b.id, blockTint(b, i)])),
    };
    return derived;
  };

  // The tools' bodies (their `this.stage =` edges), the same array while none changed.
  let implementations: (string | undefined)[] = [];
  const implementationsOf = (tools: Tool[]) => {
    const next = tools.map((t) => t.implementation);
    if (!sameArray(next, implementations)) implementations = next;
    return implementations;
  };
  let edgeIdsFor: unknown;
  let edgeIds = new Set<string>();
  const selectedEdgesKey = (doc: AgentDocument, selected: ReadonlySet<string>) => {
    if (doc.edges !== edgeIdsFor) {
      edgeIdsFor = doc.edges;
      edgeIds = new Set(doc.edges.map((e) => e.id));
    }
    return [...selected].filter((id) => edgeIds.has(id)).sort().join('\n');
  };
  let edgesFor: unknown[] = [];
  let flowIn: StageFlow | undefined;
  const buildEdges = (doc: AgentDocument, selected: ReadonlySet<string>): AgentFlowEdge[] => {
    // What the edges read of the tools (names, scopes, bodies) and stages (ids, blocks, names):
    // a docstring or instructions typed changes none of it.
    // Of the selection, only which edges are selected: selecting a card (the first move of every
    // drag) leaves the 1,000 edges of a big agent as they were.
    // A small agent's edges are routed around its cards: they follow the layout too.
    const routing = doc.stages.length <= ROUTE_LIMIT;
    const inputs = [doc.edges, toolShapeOf(doc.tools), implementationsOf(doc.tools), shapeOf(doc.stages), selectedEdgesKey(doc, selected), counts, flowIn, doc.entryStageId, routing ? doc.layout : null];
    if (edgesFor.length && inputs.every((x, i) => x === edgesFor[i])) return output.edges;
    edgesFor = inputs;
    const nextEdges = new Map<string, Memo<AgentFlowEdge>>();
    const nextCode = new Map<string, Memo<string[]>>();
    const tools = toolMap(doc);
    const stageByName = new Map<string, Stage>();
    for (const stage of doc.stages) if (!stageByName.has(stage.name)) stageByName.set(stage.name, stage);
    const stageIds = new Set(doc.stages.map((s) => s.id));
    const stageName = new Map(doc.stages.map((s) => [s.id, s.name]));

    interface Draft {
      id: string;
      from: string;
      to: string;
      deps: unknown[];
      /** Its label's width close up (labels.ts), for the route's label spot. */
      labelWidth: number;
      build: (offset: number) => AgentFlowEdge;
    }
    const drafts: Draft[] = [];
    const siblings = new Map<string, string[]>();
    for (const edge of doc.edges) {
      const list = siblings.get(edge.from);
      if (list) list.push(edge.id);
      else siblings.set(edge.from, [edge.id]);
    }

    for (const edge of doc.edges) {
      if (!stageIds.has(edge.from) || !stageIds.has(edge.to)) continue;
      const label = edgeLabel(edge, tools);
      const own = siblings.get(edge.from)!;
      const order = own.length > 1 ? own.indexOf(edge.id) + 1 : null;
      const isSelected = selected.has(edge.id);
      const previous = edgeCache.get(edge.id)?.value;
      const problemCount = counts.get(edge.id) ?? null;
      const problemsKept = previous?.data && sameProblems(previous.data.problems, problemCount) ? previous.data.problems : problemCount;
      // Screen readers hear names (xyflow's default names the ids).
      const ariaLabel = `Edge ${stageName.get(edge.from)} to ${stageName.get(edge.to)}: ${label}`;
      drafts.push({
        id: edge.id,
        from: edge.from,
        to: edge.to,
        deps: [edge, label, order, isSelected, problemsKept, ariaLabel],
        labelWidth: labelBoxWidth(label, order !== null),
        build: (offset) => ({
          id: edge.id,
          type: 'agent',
          source: edge.from,
          target: edge.to,
          selected: isSelected,
          ariaLabel,
          domAttributes: { 'aria-describedby': CANVAS_KEYS_HELP_ID },
          className: edge.from === edge.to ? 'cb-edge loop' : 'cb-edge',
          data: {
            edge,
            kind: edge.from === edge.to ? 'loop' : 'edge',
            label,
            order,
            dashed: isNaturalLanguage(edge),
            offset,
            problems: problemsKept,
          } satisfies AgentEdgeData,
        }),
      });
    }

    if (flowIn) {
      // The code-flow reader's edges: one per way a tool sets the stage, from each stage it is offered in.
      for (const codeEdge of codeEdgesOf(doc, flowIn)) {
        const { write } = codeEdge;
        const id = `${CODE_EDGE_PREFIX}${codeEdge.id}`;
        const label = codeEdgeLabel(write);
        const toolId = write.tool !== undefined ? doc.tools.find((t) => t.name === write.tool)?.id : undefined;
        const ariaLabel = `Set in code: ${stageName.get(codeEdge.from)} to ${stageName.get(codeEdge.to)}, ${label}`;
        drafts.push({
          id,
          from: codeEdge.from,
          to: codeEdge.to,
          deps: [label, write.at.offset, write.call?.offset, toolId],
          labelWidth: labelBoxWidth(label, false, true),
          build: (offset) => codeFlowEdge(id, codeEdge.from, codeEdge.to, { kind: 'code', label, order: null, dashed: true, offset, problems: null, code: { write, toolId } }, ariaLabel),
        });
      }
    } else {
      // Before the worker's first answer: the literal writes the lexer sees, so the flow is never blank.
      for (const tool of doc.tools) {
        const targets = remember(codeTargets, nextCode, tool.id, [tool.implementation], () => stagesSetInCode(tool.implementation));
        for (const name of targets) {
          const target = stageByName.get(name);
          if (!target) continue;
          for (const stage of doc.stages) {
            if (!toolVisibleIn(tool, stage)) continue;
            const id = `${CODE_EDGE_PREFIX}${tool.id}:${stage.id}:${target.id}`;
            const label = `set in code by ${tool.name}`;
            drafts.push({
              id,
              from: stage.id,
              to: target.id,
              deps: [label],
              labelWidth: labelBoxWidth(label, false, true),
              build: (offset) => codeFlowEdge(id, stage.id, target.id, { kind: 'code', label, order: null, dashed: true, offset, problems: null }, `Set in code: ${stage.name} to ${target.name}, ${label}`),
            });
          }
        }
      }
    }

    // Parallel edges between the same two stages fan out so neither hides the other.
    const pairs = new Map<string, Draft[]>();
    for (const draft of drafts) {
      const key = draft.from === draft.to ? `loop:${draft.from}` : draft.from < draft.to ? `${draft.from}|${draft.to}` : `${draft.to}|${draft.from}`;
      const group = pairs.get(key);
      if (group) group.push(draft);
      else pairs.set(key, [draft]);
    }
    const offsets = new Map<string, number>();
    // A stage's loops stack upwards, one over the other (edge-geometry.ts, loopGeometry).
    for (const group of pairs.values()) group.forEach((draft, i) => offsets.set(draft.id, draft.from === draft.to ? i : i - (group.length - 1) / 2));
    // Code edges leaving one stage for different stages put their labels in the same gap after
    // it (edge-geometry.ts): staggered, one label's height apart, so none hides another.
    const lone = new Map<string, Draft[]>();
    for (const draft of drafts) {
      if (!isCodeEdgeId(draft.id) || draft.from === draft.to || (offsets.get(draft.id) ?? 0) !== 0) continue;
      const list = lone.get(draft.from);
      if (list) list.push(draft);
      else lone.set(draft.from, [draft]);
    }
    const shifts = new Map<string, number>();
    for (const group of lone.values()) if (group.length > 1) group.forEach((draft, i) => shifts.set(draft.id, (i - (group.length - 1) / 2) * CODE_LABEL_STAGGER));
    const routes = routing ? routesOf(doc, drafts.map((d) => ({ id: d.id, from: d.from, to: d.to, labelWidth: d.labelWidth, offset: offsets.get(d.id) ?? 0 }))) : undefined;
    const edges = drafts.map((draft) => {
      const offset = offsets.get(draft.id) ?? 0;
      const shift = shifts.get(draft.id);
      const route = routes?.get(draft.id);
      // The route's values, not its object (a new one each layout): an edge the layout left be stays the same edge.
      const routeKey = route ? `${route.kind} ${route.sx} ${route.sy} ${route.tx} ${route.ty} ${route.laneY} ${route.x1} ${route.x2} ${route.labelX} ${route.labelY}` : '';
      return remember(edgeCache, nextEdges, draft.id, [...draft.deps, draft.from, draft.to, offset, shift, routeKey], () => {
        const built = draft.build(offset);
        if (shift === undefined && !route) return built;
        return { ...built, data: { ...built.data!, ...(shift !== undefined ? { labelShift: shift } : {}), ...(route ? { route } : {}) } };
      });
    });
    edgeCache = nextEdges;
    codeTargets = nextCode;
    return sameArray(edges, output.edges) ? output.edges : edges;
  };

  // The stages some edge leaves, once per change of the edges (for the cards' "ends the call").
  let leavingFor: unknown[] = [];
  let leaving = new Set<string>();
  // How many loops each stage has (their arcs and labels rise over its card, into its block's header room).
  let loops = new Map<string, number>();


  // Per stage, what its tools' code does to the stage that no edge can show (memoised on the flow).
  let notesFor: [StageFlow | undefined, string, string] | undefined;
  let notes = new Map<string, string[]>();
  const notesOf = (doc: AgentDocument, flow: StageFlow | undefined) => {
    const key: [StageFlow | undefined, string, string] = [flow, shapeOf(doc.stages), toolShapeOf(doc.tools)];
    if (notesFor && key.every((k, i) => k === notesFor![i])) return notes;
    notesFor = key;
    notes = codeNotesOf(doc, flow);
    return notes;
  };

  return ({ doc, selected, problems = [], stageFlow }) => {
    flowIn = stageFlow;
    if (problems !== lastProblems || doc !== lastProblemDoc) {
      const next = countProblems(doc, problems);
      // Unchanged counts keep their identity, so their nodes (and, when all are unchanged, the
      // edges) are not rebuilt.
      let same = next.size === counts.size;
      for (const [id, count] of next) {
        const old = counts.get(id) ?? null;
        if (sameProblems(count, old)) next.set(id, old!);
        else same = false;
      }
      if (!same) counts = next;
      lastProblems = problems;
      lastProblemDoc = doc;
    }
    const { chips, stageCount, blockIds, tints } = derive(doc);
    const notes = notesOf(doc, stageFlow);
    // Code edges leave from the stages their tools are offered in: stage names and tool scopes count too.
    const leavingKey: unknown[] = [doc.edges, stageFlow, shapeOf(doc.stages), toolShapeOf(doc.tools)];
    if (!leavingKey.every((k, i) => k === leavingFor[i])) {
      leavingFor = leavingKey;
      leaving = new Set(doc.edges.map((e) => e.from));
      loops = new Map();
      for (const edge of doc.edges) if (edge.from === edge.to) loops.set(edge.from, (loops.get(edge.from) ?? 0) + 1);
      // A stage the code moves the call away from does not end it.
      for (const edge of stageFlow ? codeEdgesOf(doc, stageFlow) : []) {
        if (edge.from !== edge.to) leaving.add(edge.from);
        else loops.set(edge.from, (loops.get(edge.from) ?? 0) + 1);
      }
    }
    const { positions, sizes } = doc.layout;
    const unplaced = doc.blocks.some((b) => !positions[b.id]) || doc.stages.some((s) => !positions[s.id]);
    const fallback = unplaced ? fallbackPositions(doc) : new Map<string, Point>();
    const nextNodes = new Map<string, Memo<CanvasNode>>();

    const nodes: CanvasNode[] = [];
    // How much room each block's header has above its first stage: its name is sized to fit it.
    const headerRoom = new Map<string, number>();
    for (const stage of doc.stages) {
      const y = positions[stage.id]?.y;
      if (y !== undefined) headerRoom.set(stage.blockId, Math.min(headerRoom.get(stage.blockId) ?? Infinity, y - loopRoom(loops.get(stage.id) ?? 0)));
    }
    // Parents come before their children (xyflow requires it).
    for (const block of doc.blocks) {
      const position = positions[block.id] ?? fallback.get(block.id)!;
      const size = sizes[block.id] ?? DEFAULT_BLOCK_SIZE;
      const tools = chips.get(`block:${block.id}`)!;
      const problemCount = counts.get(block.id) ?? null;
      const tint = tints.get(block.id)!;
      const isSelected = selected.has(block.id);
      const count = stageCount.get(block.id) ?? 0;
      // The resizer (shown on a selected block only) stops where setBlockSize would: it never cuts
      // a stage off. Unselected blocks skip the sum, so moving a stage leaves its block's node be.
      const least = isSelected && count ? contentSize(doc, block.id) : DEFAULT_BLOCK_SIZE;
      const room = Math.min(headerRoom.get(block.id) ?? size.height, size.height);
      nodes.push(remember(nodeCache, nextNodes, block.id, [block, position, size, tools, problemCount, tint, isSelected, count, least.width, least.height, room], (): BlockFlowNode => ({
        id: block.id,
        type: 'block',
        position,
        width: size.width,
        height: size.height,
        measured: { width: size.width, height: size.height },
        selected: isSelected,
        connectable: false,
        className: 'cb-block-wrapper',
        ariaLabel: `Block ${block.name}`,
        domAttributes: { 'aria-describedby': CANVAS_KEYS_HELP_ID },
        data: {
          block, tint, tools, problems: problemCount, stageCount: count, minWidth: least.width, minHeight: least.height,
          nameFit: { far: blockNameFit(block.name, size.width - (problemCount ? 44 : 0), room), near: blockNameFit(block.name, size.width * 0.6, 30) },
        },
      })));
    }

    for (const stage of doc.stages) {
      const position = positions[stage.id] ?? fallback.get(stage.id)!;
      const parent = blockIds.has(stage.blockId) ? stage.blockId : undefined;
      const tools = chips.get(`stage:${stage.id}`)!;
      const problemCount = counts.get(stage.id) ?? null;
      const isEntry = doc.entryStageId === stage.id;
      const isSelected = selected.has(stage.id);
      const tint = tints.get(stage.blockId) ?? 'var(--muted)';
      const endMark = endMarkOf(doc, stage, leaving);
      const codeNotes = notes.get(stage.id) ?? NO_NOTES;
      nodes.push(remember(nodeCache, nextNodes, stage.id, [...cardInputs(stage), position, parent, tools, problemCount, isEntry, isSelected, tint, endMark?.explanation, codeNotes], (): StageFlowNode => ({
        id: stage.id,
        type: 'stage',
        position,
        ...(parent ? { parentId: parent } : {}),
        width: STAGE_SIZE.width,
        height: STAGE_SIZE.height,
        measured: { width: STAGE_SIZE.width, height: STAGE_SIZE.height },
        selected: isSelected,
        ariaLabel: `${stage.kind === 'wait' ? 'Wait stage' : 'Stage'} ${stage.name}${isEntry ? ' (entry)' : ''}${endMark ? `, ${endMark.label}` : ''}`,
        domAttributes: { 'aria-describedby': CANVAS_KEYS_HELP_ID },
        data: { stage, isEntry, tools, problems: problemCount, tint, endMark, codeNotes, fit: stageCardFit(stage.name, { entry: isEntry, problems: !!problemCount }, FAR_STEPS) },
      })));
    }
    nodeCache = nextNodes;

    const edges = buildEdges(doc, selected);
    const next: FlowOutput = { nodes: sameArray(nodes, output.nodes) ? output.nodes : nodes, edges };
    if (next.nodes !== output.nodes || next.edges !== output.edges) output = next;
    return output;
  };
}
