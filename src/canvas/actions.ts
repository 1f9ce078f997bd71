import { produce } from 'immer';
import type { AgentDocument, Point, Stage, ToolScope } from '../model';
import {
  addBlock, addEdge, addStage, addTool, copySelection, deleteEntities, duplicate, freePasteOffset, isClipboard, pasteClipboard, planDelete, setPositions,
  type Clipboard, type DeletePlan, type EntityRef as OpsRef,
} from '../model/ops';
import type { StageWrite } from '../model/code-flow';
import { codeSpotPath } from '../model/code-flow';
import type { AppStore, EntityRef } from '../store';

/** The selection's entities that the canvas draws (and deletes, copies and moves). */
export function canvasRefs(selection: readonly EntityRef[]): OpsRef[] {
  return selection.filter((r): r is OpsRef => (r.kind === 'block' || r.kind === 'stage' || r.kind === 'edge') && typeof r.id === 'string');
}

/** The block new stages go to: the selected block, the selected stage's block, else the last block. */
export function targetBlockId(doc: AgentDocument, selection: readonly EntityRef[]): string | undefined {
  for (let i = selection.length - 1; i >= 0; i--) {
    const ref = selection[i];
    if (ref.kind === 'block' && doc.blocks.some((b) => b.id === ref.id)) return ref.id;
    if (ref.kind === 'stage') {
      const stage = doc.stages.find((s) => s.id === ref.id);
      if (stage && doc.blocks.some((b) => b.id === stage.blockId)) return stage.blockId;
    }
  }
  return doc.blocks[doc.blocks.length - 1]?.id;
}

export function createBlock(store: AppStore, position?: Point): string {
  let id = '';
  store.getState().apply((doc) => {
    const created = addBlock(doc, position ? { position } : {});
    id = created.id;
    return created.doc;
  }, { label: 'add block' });
  store.getState().select({ kind: 'block', id });
  return id;
}

/** Adds a stage (creating a first block when there is none) and selects it. */
export function createStage(store: AppStore, options: { kind?: Stage['kind']; blockId?: string; position?: Point } = {}): string | undefined {
  let id: string | undefined;
  store.getState().apply((doc) => {
    let current = doc;
    let blockId = options.blockId ?? targetBlockId(doc, store.getState().selection);
    if (!blockId) {
      const block = addBlock(current);
      current = block.doc;
      blockId = block.id;
    }
    const created = addStage(current, { blockId, kind: options.kind, position: options.position });
    if (!created.ok) return doc;
    id = created.id;
    return created.doc;
  }, { label: 'add stage' });
  if (id) store.getState().select({ kind: 'stage', id });
  return id;
}

/** Where "+ Tool" can offer a new tool: everywhere, or only in the selected stage or block (or the stage's block). */
export interface ToolScopeChoice {
  scope: ToolScope;
  label: string;
  /** The scope is to be picked after: the new tool opens on where it is offered, not on its description. */
  pickAfter?: boolean;
}

/**
 * Where "+ Tool" offers to put the new tool: everywhere first (the default), then the place in
 * hand — the selected stage and its block, or the selected block; with a tool or a state field
 * selected, the stage or block selected before it (`lastPlace`); with none ever, "stages or blocks
 * I choose", which opens the new tool on its scope. So the question is always asked, whatever is
 * selected (issue 31).
 */
export function toolScopeChoices(doc: AgentDocument, selection: readonly EntityRef[], lastPlace: EntityRef | null = null): ToolScopeChoice[] {
  const choices: ToolScopeChoice[] = [{ scope: { kind: 'all' }, label: 'Offer everywhere' }];
  const exists = (r: EntityRef) => (r.kind === 'stage' ? doc.stages.some((s) => s.id === r.id) : doc.blocks.some((b) => b.id === r.id));
  const place = [...selection].reverse().find((r) => (r.kind === 'stage' || r.kind === 'block') && exists(r))
    ?? (lastPlace && (lastPlace.kind === 'stage' || lastPlace.kind === 'block') && exists(lastPlace) ? lastPlace : undefined);
  const stage = place?.kind === 'stage' ? doc.stages.find((s) => s.id === place.id) : undefined;
  const block = doc.blocks.find((b) => b.id === (stage ? stage.blockId : place?.kind === 'block' ? place.id : undefined));
  if (stage) choices.push({ scope: { kind: 'stages', stageIds: [stage.id] }, label: `Only in stage ${stage.name}` });
  if (block) choices.push({ scope: { kind: 'blocks', blockIds: [block.id] }, label: `Only in block ${block.name}` });
  if (!stage && !block && doc.stages.length > 0) choices.push({ scope: { kind: 'stages', stageIds: [] }, label: 'Only in stages I choose…', pickAfter: true });
  return choices;
}

/** A new tool offered where `scope` says (everywhere unless chosen), then selected and revealed. */
export function createTool(store: AppStore, scope: ToolScope = { kind: 'all' }, options: { pickScopeAfter?: boolean } = {}): string {
  let id = '';
  store.getState().apply((current) => {
    const created = addTool(current, { scope });
    id = created.id;
    return created.doc;
  }, { label: 'add' });
  // Where it is offered was just asked: the inspector opens on what is left to write, its
  // description (then its parameters, on the same tab) — or on its scope when that is to be picked.
  const index = store.getState().doc.tools.findIndex((t) => t.id === id);
  store.getState().select({ kind: 'tool', id }, { reveal: true, focusPath: `/tools/${index}/${options.pickScopeAfter ? 'scope' : 'description'}` });
  return id;
}

/**
 * Connects two stages as one undo step and selects the new edge (a handle drag and the keyboard's
 * Connect picker both end here); returns why it could not, if it could not.
 */
export function connectStages(store: AppStore, from: string, to: string): { id?: string; error?: string } {
  let error: string | undefined;
  let id: string | undefined;
  store.getState().apply((doc) => {
    const added = addEdge(doc, { from, to });
    if (!added.ok) {
      error = added.error;
      return doc;
    }
    id = added.id;
    return added.doc;
  }, { label: 'connect' });
  if (id) store.getState().select({ kind: 'edge', id });
  return { id, error };
}

/** What a delete of the canvas selection would take with it; undefined when nothing is selected. */
export function planCanvasDelete(store: AppStore): { refs: OpsRef[]; plan: DeletePlan } | undefined {
  const refs = canvasRefs(store.getState().selection);
  if (refs.length === 0) return undefined;
  return { refs, plan: planDelete(store.getState().doc, refs) };
}

export function deleteRefs(store: AppStore, refs: OpsRef[]) {
  store.getState().apply((doc) => deleteEntities(doc, refs), { label: 'delete' });
  store.getState().select(null);
}

// The clipboard lives in memory, and in the system clipboard when the browser lets us write it
// (so a fragment travels to another tab). A paste prefers what the system clipboard holds when the
// paste event hands it over (no permission prompt, unlike navigator.clipboard.readText).
let memory: { clip: Clipboard; pastes: number } | undefined;

/** The canvas selection as clipboard text, kept in memory too; undefined when nothing is selected. */
export function copyToClipboard(store: AppStore): string | undefined {
  const refs = canvasRefs(store.getState().selection);
  if (refs.length === 0) return undefined;
  const clip = copySelection(store.getState().doc, refs);
  memory = { clip, pastes: 0 };
  const text = JSON.stringify(clip);
  try {
    void navigator.clipboard?.writeText(text).catch(() => undefined);
  } catch {
    // No clipboard access: the in-memory copy serves this tab.
  }
  return text;
}

function parseClip(text: string | undefined): Clipboard | undefined {
  if (!text || !text.includes('callboard.clipboard')) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return isClipboard(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Pastes `systemText` when it holds a Callboard fragment, else the last copy; returns an error to show. */
export function pasteFromClipboard(store: AppStore, systemText?: string): string | undefined {
  const system = parseClip(systemText);
  if (system && (!memory || JSON.stringify(system) !== JSON.stringify(memory.clip))) memory = { clip: system, pastes: 0 };
  if (!memory) return 'Nothing to paste: copy a block or stage first';
  memory.pastes += 1;
  const { clip } = memory;
  const looseStages = clip.stages.some((s) => !clip.blocks.some((b) => b.id === s.blockId));
  const { doc, selection } = store.getState();
  const selectedBlock = looseStages ? targetBlockId(doc, selection) : undefined;
  const intoOther = selectedBlock !== undefined && !clip.stages.some((s) => s.blockId === selectedBlock);
  // Each paste lands clear of every card, the previous pastes included.
  const offset = freePasteOffset(doc, clip, intoOther ? selectedBlock : undefined);
  let error: string | undefined;
  let ids: EntityRef[] = [];
  store.getState().apply((current) => {
    const pasted = pasteClipboard(current, clip, { offset, ...(intoOther ? { targetBlockId: selectedBlock } : {}) });
    if (!pasted.ok) {
      error = pasted.error;
      return current;
    }
    ids = pasted.ids;
    return pasted.doc;
  }, { label: 'paste' });
  if (ids.length) store.getState().select(ids.filter((r) => r.kind !== 'edge'));
  return error;
}

export function duplicateSelection(store: AppStore): string | undefined {
  const refs = canvasRefs(store.getState().selection).filter((r) => r.kind !== 'edge');
  if (refs.length === 0) return undefined;
  let error: string | undefined;
  let ids: EntityRef[] = [];
  store.getState().apply((doc) => {
    const pasted = duplicate(doc, refs);
    if (!pasted.ok) {
      error = pasted.error;
      return doc;
    }
    ids = pasted.ids;
    return pasted.doc;
  }, { label: 'duplicate' });
  if (ids.length) store.getState().select(ids.filter((r) => r.kind !== 'edge'));
  return error;
}

/** Arrow keys: moves the selected blocks and stages; a held key is one undo step (a gesture). */
export function nudgeSelection(store: AppStore, dx: number, dy: number): boolean {
  const { doc, selection } = store.getState();
  const positions: Record<string, Point> = {};
  for (const ref of canvasRefs(selection)) {
    const at = doc.layout.positions[ref.id];
    if ((ref.kind === 'block' || ref.kind === 'stage') && at) positions[ref.id] = { x: at.x + dx, y: at.y + dy };
  }
  if (Object.keys(positions).length === 0) return false;
  store.getState().apply((current) => setPositions(current, positions), { history: 'gesture', label: 'move' });
  return true;
}

/**
 * Places nodes without growing their blocks. While a stage is dragged toward another block its
 * own block must not stretch after it (setPositions grows blocks, which is right once it lands).
 * Local helper: the ops have no "place only" variant.
 */
export function placeWithoutGrowing(doc: AgentDocument, positions: Record<string, Point>): AgentDocument {
  const known = Object.entries(positions).filter(([id, p]) => {
    const at = doc.layout.positions[id];
    return (at?.x !== p.x || at?.y !== p.y) && (doc.stages.some((s) => s.id === id) || doc.blocks.some((b) => b.id === id));
  });
  if (known.length === 0) return doc;
  return produce(doc, (draft) => {
    for (const [id, p] of known) draft.layout.positions[id] = { x: p.x, y: p.y };
  });
}

/**
 * A code edge opened: its tool selected, the inspector on its Code tab with the cursor on the
 * assignment (or, when a helper makes it, on the tool's call of that helper: helpers are kept as
 * code the inspector does not edit). Returns false when there is no tool to open (a hook's write).
 */
export function openCodeOf(store: AppStore, write: StageWrite, toolId: string | undefined): boolean {
  const index = toolId === undefined ? -1 : store.getState().doc.tools.findIndex((t) => t.id === toolId);
  if (index < 0) return false;
  const spot = write.call ?? write.at;
  store.getState().select({ kind: 'tool', id: toolId! }, { reveal: true, focusPath: codeSpotPath(index, spot) });
  return true;
}
