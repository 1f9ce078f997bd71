import { produce } from 'immer';
import type { AgentDocument, Condition, ToolScope } from '../types';
import { findEntity, quoted, type EntityKindWithId, type EntityRef } from './outcome';
import { edgeName, entityName } from '../describe';
import { testReferencesToTool, textReferencesToStage, textReferencesToStateField, textReferencesToTool, type TestReference } from './references';

/** One line of a delete plan. A condition has no id of its own: `id` is its edge, `index` its place. */
export interface Impact {
  /** `test`: a conversation test, whose id is its name. */
  kind: EntityKindWithId | 'condition' | 'agent' | 'test';
  id: string;
  name: string;
  why: string;
  index?: number;
}

export interface DeletePlan {
  /** Everything that goes: the selection first, then what cannot stand without it. */
  removes: Impact[];
  /** What stays but changes: narrowed tool scopes, a moved entry stage, cleared looping targets. */
  changes: Impact[];
  /** What stays unchanged but still names a removed stage, state field or tool (lint will flag it). */
  dangling: Impact[];
}

interface Analysis {
  plan: DeletePlan;
  gone: Record<EntityKindWithId, Set<string>>;
  /** Per kept edge, the indexes of the conditions that go. */
  conditionsGone: Map<string, Set<number>>;
  scopes: Map<string, ToolScope>;
  entryStageId: string | null;
  clearConnectTo: Set<string>;
}

export function describeCondition(doc: AgentDocument, c: Condition): string {
  switch (c.kind) {
    case 'tool': {
      const tool = doc.tools.find((t) => t.id === c.toolId)?.name ?? c.toolId;
      return `${tool}${c.field ? `.${c.field}` : ''} = ${c.expected}`;
    }
    case 'external':
      return `external = ${c.expected}`;
    case 'nlu':
      return quoted(c.sentence);
    case 'expression':
      return c.expression;
    case 'result': {
      const tool = doc.tools.find((t) => t.id === c.toolId)?.name ?? c.toolId;
      return `${tool} → ${c.field} = ${c.expected}`;
    }
  }
}

function nameOf(doc: AgentDocument, ref: EntityRef): string {
  return entityName(doc, ref) ?? ref.id;
}

function analyse(doc: AgentDocument, refs: EntityRef[]): Analysis {
  const plan: DeletePlan = { removes: [], changes: [], dangling: [] };
  const gone: Analysis['gone'] = { block: new Set(), stage: new Set(), tool: new Set(), state: new Set(), edge: new Set() };
  const remove = (ref: EntityRef, why: string) => {
    if (gone[ref.kind].has(ref.id)) return;
    gone[ref.kind].add(ref.id);
    plan.removes.push({ ...ref, name: nameOf(doc, ref), why });
  };
  for (const ref of refs) if (findEntity(doc, ref.kind, ref.id)) remove({ kind: ref.kind, id: ref.id }, 'selected');
  const stageName = (id: string) => doc.stages.find((s) => s.id === id)?.name ?? id;

  for (const stage of doc.stages) {
    const block = doc.blocks.find((b) => b.id === stage.blockId);
    if (block && gone.block.has(block.id)) remove({ kind: 'stage', id: stage.id }, `in block ${quoted(block.name)}, which is deleted`);
  }
  for (const edge of doc.edges) {
    if (gone.stage.has(edge.from)) remove({ kind: 'edge', id: edge.id }, `leaves stage ${quoted(stageName(edge.from))}, which is deleted`);
    else if (gone.stage.has(edge.to)) remove({ kind: 'edge', id: edge.id }, `enters stage ${quoted(stageName(edge.to))}, which is deleted`);
  }

  const conditionsGone = new Map<string, Set<number>>();
  for (const edge of doc.edges) {
    const dropped = new Set<number>();
    edge.conditions.forEach((c, index) => {
      const line = { kind: 'condition' as const, id: edge.id, index, name: describeCondition(doc, c) };
      if (gone.edge.has(edge.id)) plan.removes.push({ ...line, why: `on edge ${quoted(edgeName(doc, edge.id))}, which is deleted` });
      else if (c.kind === 'tool' && gone.tool.has(c.toolId)) {
        dropped.add(index);
        plan.removes.push({ ...line, why: `names tool ${quoted(nameOf(doc, { kind: 'tool', id: c.toolId }))}, which is deleted` });
      }
    });
    if (dropped.size === 0) continue;
    conditionsGone.set(edge.id, dropped);
    if (dropped.size === edge.conditions.length) {
      plan.changes.push({ kind: 'edge', id: edge.id, name: edgeName(doc, edge.id), why: 'left with no conditions' });
    }
  }

  const scopes = new Map<string, ToolScope>();
  for (const tool of doc.tools) {
    if (gone.tool.has(tool.id) || tool.scope.kind === 'all') continue;
    const scope = tool.scope;
    const [ids, goneIds, noun] = scope.kind === 'blocks' ? [scope.blockIds, gone.block, 'block'] : [scope.stageIds, gone.stage, 'stage'];
    const kept = ids.filter((id) => !goneIds.has(id));
    if (kept.length === ids.length) continue;
    scopes.set(tool.id, scope.kind === 'blocks' ? { kind: 'blocks', blockIds: kept } : { kind: 'stages', stageIds: kept });
    const lost = ids.filter((id) => goneIds.has(id)).map((id) => quoted(nameOf(doc, { kind: noun as 'block' | 'stage', id })));
    const why = kept.length === 0 ? `left with no scope: it was offered only in ${lost.join(', ')}` : `no longer offered in ${lost.join(', ')}`;
    plan.changes.push({ kind: 'tool', id: tool.id, name: tool.name, why });
  }

  let entryStageId = doc.entryStageId;
  if (entryStageId !== null && gone.stage.has(entryStageId)) {
    entryStageId = doc.stages.find((s) => !gone.stage.has(s.id))?.id ?? null;
    const why = entryStageId === null ? 'no stage left to open the call on' : `calls now open on stage ${quoted(stageName(entryStageId))}`;
    plan.changes.push({ kind: 'agent', id: doc.id, name: doc.name, why });
  }

  const clearConnectTo = new Set<string>();
  for (const block of doc.blocks) {
    const target = block.looping?.connectTo;
    if (gone.block.has(block.id) || !target || !gone.stage.has(target)) continue;
    clearConnectTo.add(block.id);
    plan.changes.push({ kind: 'block', id: block.id, name: block.name, why: `looping no longer hands over to stage ${quoted(stageName(target))}` });
  }

  const stillThere = (r: { kind: string; id: string }) => r.kind === 'agent' || !gone[r.kind as EntityKindWithId].has(r.id);
  const toolName = (id: string) => doc.tools.find((t) => t.id === id)!.name;
  const mentions = [
    ...[...gone.stage].map((id) => ({ what: `stage ${quoted(stageName(id))}`, refs: textReferencesToStage(doc, stageName(id)) })),
    ...[...gone.state].map((id) => {
      const name = doc.state.find((f) => f.id === id)!.name;
      return { what: `state field ${quoted(name)}`, refs: textReferencesToStateField(doc, name) };
    }),
    ...[...gone.tool].map((id) => ({ what: `tool ${quoted(toolName(id))}`, refs: textReferencesToTool(doc, id, toolName(id)) })),
  ];
  for (const { what, refs: found } of mentions) {
    for (const r of found.filter(stillThere)) plan.dangling.push({ kind: r.kind, id: r.id, name: r.name, why: `still names ${what} in its ${r.where}` });
  }
  // Tests name tools by name and are the user's files: they stay as written, and the list says which
  // will fail or need a look (lint flags an unknown tool in a test too).
  for (const id of gone.tool) {
    const what = quoted(toolName(id));
    for (const r of testReferencesToTool(doc, toolName(id))) plan.dangling.push({ kind: 'test', id: r.test, name: r.test, why: TEST_WHY[r.where](what) });
  }
  return { plan, gone, conditionsGone, scopes, entryStageId, clearConnectTo };
}

const TEST_WHY: Record<TestReference['where'], (tool: string) => string> = {
  'expect.tools': (tool) => `still expects tool ${tool} to be called`,
  'expect.not_tools': (tool) => `still expects tool ${tool} not to be called`,
  mocks: (tool) => `still mocks the result of tool ${tool}`,
};

/** What deleting these entities takes with it, without deleting anything. */
export function planDelete(doc: AgentDocument, refs: EntityRef | EntityRef[]): DeletePlan {
  return analyse(doc, Array.isArray(refs) ? refs : [refs]).plan;
}

/** Deletes the entities and exactly what planDelete lists for them. */
export function deleteEntities(doc: AgentDocument, refs: EntityRef | EntityRef[]): AgentDocument {
  const { plan, gone, conditionsGone, scopes, entryStageId, clearConnectTo } = analyse(doc, Array.isArray(refs) ? refs : [refs]);
  if (plan.removes.length === 0) return doc;
  return produce(doc, (draft) => {
    draft.blocks = draft.blocks.filter((b) => !gone.block.has(b.id));
    draft.stages = draft.stages.filter((s) => !gone.stage.has(s.id));
    draft.edges = draft.edges.filter((e) => !gone.edge.has(e.id));
    draft.tools = draft.tools.filter((t) => !gone.tool.has(t.id));
    draft.state = draft.state.filter((f) => !gone.state.has(f.id));
    for (const edge of draft.edges) {
      const dropped = conditionsGone.get(edge.id);
      if (dropped) edge.conditions = edge.conditions.filter((_, i) => !dropped.has(i));
    }
    for (const tool of draft.tools) {
      const scope = scopes.get(tool.id);
      if (scope) tool.scope = scope;
    }
    draft.entryStageId = entryStageId;
    for (const block of draft.blocks) if (clearConnectTo.has(block.id) && block.looping) delete block.looping.connectTo;
    for (const id of [...gone.block, ...gone.stage]) delete draft.layout.positions[id];
    for (const id of gone.block) delete draft.layout.sizes[id];
  });
}
