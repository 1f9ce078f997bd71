import { produce } from 'immer';
import { toolsVisibleIn } from '../document';
import type { AgentDocument, Point, Size } from '../types';
import { checkEdgeEnds } from './edges';
import { contentSize, grownSize, nextStagePosition } from './layout';
import { entitiesOf, fail, findEntity, quoted, succeed, type EntityKindWithId, type EntityTypes, type Outcome } from './outcome';
import { followName, typedRef } from './refs';
import { renameStage, renameStateField, renameTool } from './rename';

export type EntityPatch<K extends EntityKindWithId> = Partial<Omit<EntityTypes[K], 'id'>>;

/**
 * Shallowly patches one entity; an undefined value removes an optional key. Ids never change.
 * A patch that touches a reference goes through the operation that keeps it whole: a stage,
 * tool or state field's `name` through its rename, a stage's `blockId` through
 * moveStageToBlock, an edge's ends through the same checks as addEdge. A block's or stage's `ref`
 * written here is one the user typed: kept from then on, or, when empty, made from the name and
 * following it again (refs.ts); a rename remakes a ref that follows the name in the same step.
 */
export function updateEntity<K extends EntityKindWithId>(doc: AgentDocument, kind: K, id: string, patch: EntityPatch<K>): Outcome {
  const entity = findEntity(doc, kind, id);
  if (!entity) return fail(doc, `there is no ${kind} ${quoted(id)}`);
  const rest: Record<string, unknown> = { ...patch };
  delete rest.id;
  let current = doc;
  const renames: Partial<Record<EntityKindWithId, typeof renameStage>> = { stage: renameStage, tool: renameTool, state: renameStateField };
  const rename = renames[kind];
  if (rename && typeof rest.name === 'string' && rest.name !== (entity as { name: string }).name) {
    const renamed = rename(current, id, rest.name);
    if (!renamed.ok) return fail(doc, renamed.error);
    current = renamed.doc;
    delete rest.name;
  }
  if (kind === 'stage' && typeof rest.blockId === 'string' && rest.blockId !== (entity as EntityTypes['stage']).blockId) {
    const moved = moveStageToBlock(current, id, rest.blockId);
    if (!moved.ok) return fail(doc, moved.error);
    current = moved.doc;
    delete rest.blockId;
  }
  if ((kind === 'block' || kind === 'stage') && typeof rest.ref === 'string' && !('refFollowsName' in rest)) {
    const name = typeof rest.name === 'string' ? rest.name : (entity as EntityTypes['block' | 'stage']).name;
    Object.assign(rest, typedRef(current, kind, id, name, rest.ref));
  }
  if (kind === 'edge' && ('from' in rest || 'to' in rest || 'kind' in rest)) {
    const edge = entity as EntityTypes['edge'];
    const from = (rest.from as string | undefined) ?? edge.from;
    const to = (rest.to as string | undefined) ?? edge.to;
    const error = checkEdgeEnds(current, from, to, rest.kind as EntityTypes['edge']['kind'] | undefined, id);
    if (error) return fail(doc, error);
    rest.kind = from === to ? 'loop' : 'edge';
  }
  if (Object.keys(rest).length === 0) return succeed(current, {});
  return succeed(
    produce(current, (draft) => {
      const target = entitiesOf(draft as AgentDocument, kind).find((e) => e.id === id) as unknown as Record<string, unknown>;
      for (const [key, value] of Object.entries(rest)) {
        if (value === undefined) delete target[key];
        else target[key] = structuredClone(value);
      }
      // A block has no rename operation (nothing names it in text); its ref follows here. A
      // stage's rename already did it above, and doing it again gives the same ref.
      if ((kind === 'block' || kind === 'stage') && ('name' in rest || 'refFollowsName' in rest)) followName(draft, kind, id);
    }),
    {},
  );
}

/** Sets (or, with null, clears) the stage a call opens on. */
export function setEntry(doc: AgentDocument, stageId: string | null): Outcome {
  if (stageId !== null && !doc.stages.some((s) => s.id === stageId)) return fail(doc, `there is no stage ${quoted(stageId)}`);
  if (doc.entryStageId === stageId) return succeed(doc, {});
  return succeed(
    produce(doc, (draft) => {
      draft.entryStageId = stageId;
    }),
    {},
  );
}

/** Tool ids the moved stage stops and starts seeing through block scopes (stage scopes follow the stage). */
export interface ToolVisibilityChange {
  lost: string[];
  gained: string[];
}

export function moveStageToBlock(doc: AgentDocument, stageId: string, blockId: string, position?: Point): Outcome<{ visibility: ToolVisibilityChange }> {
  const stage = doc.stages.find((s) => s.id === stageId);
  if (!stage) return fail(doc, `there is no stage ${quoted(stageId)}`);
  if (!doc.blocks.some((b) => b.id === blockId)) return fail(doc, `there is no block ${quoted(blockId)}`);
  if (stage.blockId === blockId && !position) return succeed(doc, { visibility: { lost: [], gained: [] } });
  const at = position ?? nextStagePosition(doc, blockId);
  const next = produce(doc, (draft) => {
    draft.stages.find((s) => s.id === stageId)!.blockId = blockId;
    draft.layout.positions[stageId] = { x: at.x, y: at.y };
    const size = grownSize(draft, blockId);
    if (size) draft.layout.sizes[blockId] = size;
  });
  const before = toolsVisibleIn(doc, stage).map((t) => t.id);
  const after = toolsVisibleIn(next, { ...stage, blockId }).map((t) => t.id);
  return succeed(next, {
    visibility: { lost: before.filter((t) => !after.includes(t)), gained: after.filter((t) => !before.includes(t)) },
  });
}

/**
 * Moves blocks (absolute) and stages (relative to their block); unknown ids are ignored, since
 * the canvas may report nodes that are not entities. A block grows to keep a moved stage inside.
 */
export function setPositions(doc: AgentDocument, positions: Record<string, Point>): AgentDocument {
  const known = Object.entries(positions).filter(([id]) => doc.blocks.some((b) => b.id === id) || doc.stages.some((s) => s.id === id));
  const changed = known.filter(([id, p]) => doc.layout.positions[id]?.x !== p.x || doc.layout.positions[id]?.y !== p.y);
  if (changed.length === 0) return doc;
  return produce(doc, (draft) => {
    for (const [id, p] of changed) draft.layout.positions[id] = { x: p.x, y: p.y };
    const blocks = new Set(changed.map(([id]) => draft.stages.find((s) => s.id === id)?.blockId).filter((b) => b !== undefined));
    for (const blockId of blocks) {
      const size = grownSize(draft, blockId);
      if (size) draft.layout.sizes[blockId] = size;
    }
  });
}

/** Resizes a block, but never smaller than what shows all of its stages. */
export function setBlockSize(doc: AgentDocument, blockId: string, size: Size): AgentDocument {
  if (!doc.blocks.some((b) => b.id === blockId)) return doc;
  const least = contentSize(doc, blockId);
  const width = Math.max(size.width, least.width);
  const height = Math.max(size.height, least.height);
  const current = doc.layout.sizes[blockId];
  if (current?.width === width && current.height === height) return doc;
  return produce(doc, (draft) => {
    draft.layout.sizes[blockId] = { width, height };
  });
}
