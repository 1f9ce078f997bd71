import { produce } from 'immer';
import { newId, refFromName, uniqueName } from '../ids';
import type { AgentDocument, Block, Edge, Point, Size, Stage, StateField, Tool } from '../types';
import { addBlock } from './create';
import { DEFAULT_BLOCK_SIZE, STAGE_SIZE, grownSize } from './layout';
import { freeShift, type MovedGroup } from './placement';
import { fail, quoted, succeed, type EntityRef, type Outcome } from './outcome';

export const CLIPBOARD_FORMAT = 'callboard.clipboard';

/**
 * A self-contained fragment of a document: it holds copies, not references, so it survives the
 * system clipboard and pastes into another agent. Ids inside are the source's; paste replaces them.
 */
export interface Clipboard {
  format: typeof CLIPBOARD_FORMAT;
  version: 1;
  blocks: Block[];
  stages: Stage[];
  edges: Edge[];
  tools: Tool[];
  state: StateField[];
  /** Blocks: absolute; stages: relative to their block, as in the document. */
  positions: Record<string, Point>;
  sizes: Record<string, Size>;
}

export function isClipboard(value: unknown): value is Clipboard {
  const clip = value as Partial<Clipboard> | null;
  return (
    typeof clip === 'object' && clip !== null && clip.format === CLIPBOARD_FORMAT &&
    (['blocks', 'stages', 'edges', 'tools', 'state'] as const).every((key) => Array.isArray(clip[key]))
  );
}

/**
 * Copies the selection: selected blocks bring all their stages, edges come along when both of
 * their stages are copied (a selected edge with an end left behind is dropped), and tools and
 * state fields only when selected themselves — a copied stage still sees the original tools.
 */
export function copySelection(doc: AgentDocument, refs: EntityRef[]): Clipboard {
  const selected = (kind: EntityRef['kind']) => new Set(refs.filter((r) => r.kind === kind).map((r) => r.id));
  const blockIds = selected('block');
  const stageIds = selected('stage');
  const blocks = doc.blocks.filter((b) => blockIds.has(b.id));
  const stages = doc.stages.filter((s) => stageIds.has(s.id) || blockIds.has(s.blockId));
  const copied = new Set(stages.map((s) => s.id));
  const clip: Clipboard = {
    format: CLIPBOARD_FORMAT,
    version: 1,
    blocks,
    stages,
    edges: doc.edges.filter((e) => copied.has(e.from) && copied.has(e.to)),
    tools: doc.tools.filter((t) => selected('tool').has(t.id)),
    state: doc.state.filter((f) => selected('state').has(f.id)),
    positions: {},
    sizes: {},
  };
  for (const item of [...blocks, ...stages]) if (doc.layout.positions[item.id]) clip.positions[item.id] = doc.layout.positions[item.id];
  for (const block of blocks) if (doc.layout.sizes[block.id]) clip.sizes[block.id] = doc.layout.sizes[block.id];
  return structuredClone(clip);
}

export interface PasteOptions {
  /** Added to pasted blocks' positions, and to loose stages' positions within their block. */
  offset?: Point;
  /** Where stages copied without their block go; by default back to their own block if it still exists. */
  targetBlockId?: string;
}

export type Pasted = Outcome<{ ids: EntityRef[]; idMap: Record<string, string> }>;

/** Pastes with fresh ids, unique names and refs made from the names; edges, scopes, conditions and looping targets are rewired. */
export function pasteClipboard(doc: AgentDocument, clip: Clipboard, options: PasteOptions = {}): Pasted {
  const { offset = { x: 0, y: 0 }, targetBlockId } = options;
  if (targetBlockId !== undefined && !doc.blocks.some((b) => b.id === targetBlockId)) return fail(doc, `there is no block ${quoted(targetBlockId)} to paste into`);
  const idMap: Record<string, string> = {};
  for (const item of [...clip.blocks, ...clip.stages, ...clip.edges, ...clip.tools, ...clip.state]) idMap[item.id] = newId();
  const mapped = (id: string) => idMap[id] ?? id;
  const ids: EntityRef[] = [];
  let current = doc;

  // Stages copied without their block need a home: the target, their old block, or a new one.
  const loose = clip.stages.filter((s) => !clip.blocks.some((b) => b.id === s.blockId));
  let pastedBlockId: string | undefined;
  const homeFor = (stage: Stage): string => {
    if (targetBlockId) return targetBlockId;
    if (doc.blocks.some((b) => b.id === stage.blockId)) return stage.blockId;
    if (!pastedBlockId) {
      const created = addBlock(current, { name: 'Pasted' });
      current = created.doc;
      pastedBlockId = created.id;
      ids.push({ kind: 'block', id: created.id });
    }
    return pastedBlockId;
  };
  const looseHomes = new Map(loose.map((s) => [s.id, homeFor(s)]));

  const next = produce(current, (draft) => {
    const taken = (values: string[]) => new Set(values);
    const blockNames = taken(draft.blocks.map((b) => b.name));
    const blockRefs = taken(draft.blocks.map((b) => b.ref));
    for (const block of clip.blocks) {
      const name = claim(blockNames, block.name);
      const copy: Block = { ...structuredClone(block), id: mapped(block.id), name, ...copiedRef(blockRefs, name) };
      if (copy.looping?.connectTo) {
        const target = copy.looping.connectTo;
        if (idMap[target]) copy.looping.connectTo = idMap[target];
        else if (!doc.stages.some((s) => s.id === target)) delete copy.looping.connectTo;
      }
      draft.blocks.push(copy);
      const at = clip.positions[block.id];
      if (at) draft.layout.positions[copy.id] = { x: at.x + offset.x, y: at.y + offset.y };
      if (clip.sizes[block.id]) draft.layout.sizes[copy.id] = { ...clip.sizes[block.id] };
      ids.push({ kind: 'block', id: copy.id });
    }
    const stageNames = taken(draft.stages.map((s) => s.name));
    const stageRefs = taken(draft.stages.map((s) => s.ref));
    const grown = new Set<string>();
    for (const stage of clip.stages) {
      const blockId = looseHomes.get(stage.id) ?? mapped(stage.blockId);
      const name = claim(stageNames, stage.name);
      const copy: Stage = { ...structuredClone(stage), id: mapped(stage.id), name, ...copiedRef(stageRefs, name), blockId };
      draft.stages.push(copy);
      const at = clip.positions[stage.id];
      const shift = looseHomes.has(stage.id) ? offset : { x: 0, y: 0 };
      if (at) draft.layout.positions[copy.id] = { x: at.x + shift.x, y: at.y + shift.y };
      grown.add(blockId);
      ids.push({ kind: 'stage', id: copy.id });
    }
    if (draft.entryStageId === null && clip.stages.length > 0) draft.entryStageId = mapped(clip.stages[0].id);
    for (const blockId of grown) {
      const size = grownSize(draft, blockId);
      if (size) draft.layout.sizes[blockId] = size;
    }
    for (const edge of clip.edges) {
      if (!idMap[edge.from] || !idMap[edge.to]) continue;
      const conditions = edge.conditions.map((c) => (c.kind === 'tool' ? { ...c, toolId: mapped(c.toolId) } : { ...c }));
      draft.edges.push({ ...structuredClone(edge), id: mapped(edge.id), from: mapped(edge.from), to: mapped(edge.to), conditions });
      ids.push({ kind: 'edge', id: mapped(edge.id) });
    }
    const toolNames = taken(draft.tools.map((t) => t.name));
    for (const tool of clip.tools) {
      const copy: Tool = { ...structuredClone(tool), id: mapped(tool.id), name: claim(toolNames, tool.name) };
      if (copy.scope.kind === 'blocks') copy.scope.blockIds = copy.scope.blockIds.map(mapped);
      if (copy.scope.kind === 'stages') copy.scope.stageIds = copy.scope.stageIds.map(mapped);
      draft.tools.push(copy);
      ids.push({ kind: 'tool', id: copy.id });
    }
    const fieldNames = taken(draft.state.map((f) => f.name));
    for (const field of clip.state) {
      draft.state.push({ ...structuredClone(field), id: mapped(field.id), name: claim(fieldNames, field.name) });
      ids.push({ kind: 'state', id: mapped(field.id) });
    }
  });
  return succeed(next, { ids, idMap });
}

/**
 * A copy's ref: made from the copy's own name and following it, like a new entity's. The
 * original's ref, pinned or not, names the original in a deployed agent; `t_identify_2` would be
 * an identity nobody chose, so the copy gets one from its name and keeps it in step on rename.
 * Reserved, like names, so the next copy in the batch avoids it.
 */
function copiedRef(taken: Set<string>, name: string): { ref: string; refFollowsName: true } {
  const ref = refFromName(name, taken);
  taken.add(ref);
  return { ref, refFollowsName: true };
}

/** A unique variant of `name` (name_2, name_3…), reserved so the next paste in the batch avoids it too. */
function claim(taken: Set<string>, name: string): string {
  const unique = uniqueName(name, taken);
  taken.add(unique);
  return unique;
}

/**
 * The shift that puts a paste of `clip` clear of every card already there (see freeShift): blocks
 * among the blocks, stages without their block among the stages of the block they land in.
 */
export function freePasteOffset(doc: AgentDocument, clip: Clipboard, targetBlockId?: string): Point {
  const group: MovedGroup = { blocks: [], stages: [] };
  for (const block of clip.blocks) {
    const at = clip.positions[block.id];
    if (at) group.blocks.push({ ...at, ...(clip.sizes[block.id] ?? DEFAULT_BLOCK_SIZE) });
  }
  for (const stage of clip.stages) {
    if (clip.blocks.some((b) => b.id === stage.blockId)) continue;
    const home = targetBlockId ?? stage.blockId;
    const at = clip.positions[stage.id];
    // A stage whose block is gone lands in a new block of its own: nothing to clear there.
    if (at && doc.blocks.some((b) => b.id === home)) group.stages.push({ blockId: home, rect: { ...at, ...STAGE_SIZE } });
  }
  return freeShift(doc, group);
}

/**
 * Copy and paste in one step, shifted clear of the original, keeping what the copy is offered:
 * a tool scoped to an original stage or block (and not copied itself) is scoped to the copy too.
 */
export function duplicate(doc: AgentDocument, refs: EntityRef[], offset?: Point): Pasted {
  const clip = copySelection(doc, refs);
  const pasted = pasteClipboard(doc, clip, { offset: offset ?? freePasteOffset(doc, clip) });
  if (!pasted.ok) return pasted;
  const { idMap } = pasted;
  const copied = new Set(clip.tools.map((t) => t.id));
  const next = produce(pasted.doc, (draft) => {
    for (const tool of draft.tools) {
      if (copied.has(tool.id) || Object.values(idMap).includes(tool.id)) continue;
      if (tool.scope.kind === 'stages') tool.scope.stageIds = withCopies(tool.scope.stageIds, idMap);
      if (tool.scope.kind === 'blocks') tool.scope.blockIds = withCopies(tool.scope.blockIds, idMap);
    }
  });
  return succeed(next, { ids: pasted.ids, idMap });
}

/** The ids, each followed by its copy's when it was copied (unchanged, and so kept by immer, when none was). */
function withCopies(ids: string[], idMap: Record<string, string>): string[] {
  if (!ids.some((id) => idMap[id])) return ids;
  return ids.flatMap((id) => (idMap[id] ? [id, idMap[id]] : [id]));
}
