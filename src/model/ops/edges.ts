import { produce } from 'immer';
import { newId } from '../ids';
import type { AgentDocument, Condition, Edge } from '../types';
import { fail, quoted, succeed, type Outcome } from './outcome';

const stageName = (doc: AgentDocument, id: string) => doc.stages.find((s) => s.id === id)?.name ?? id;

/**
 * Checks that an edge may run from → to: both stages exist, a loop is exactly from === to, and a
 * stage has at most one loop (a second one could never be told apart from the first).
 */
export function checkEdgeEnds(doc: AgentDocument, from: string, to: string, kind: Edge['kind'] | undefined, ignoreEdgeId?: string): string | undefined {
  for (const end of [from, to]) if (!doc.stages.some((s) => s.id === end)) return `there is no stage ${quoted(end)}`;
  if (kind === 'loop' && from !== to) return 'a loop edge starts and ends on the same stage';
  if (kind === 'edge' && from === to) return 'an edge from a stage to itself is a loop';
  if (from === to && doc.edges.some((e) => e.id !== ignoreEdgeId && e.kind === 'loop' && e.from === from)) {
    return `stage ${quoted(stageName(doc, from))} already has a loop; edit its conditions instead`;
  }
  return undefined;
}

export function addEdge(
  doc: AgentDocument,
  options: { from: string; to: string; kind?: Edge['kind']; conditions?: Condition[] },
): Outcome<{ id: string }> {
  const error = checkEdgeEnds(doc, options.from, options.to, options.kind);
  if (error) return fail(doc, error);
  const edge: Edge = {
    id: newId(),
    from: options.from,
    to: options.to,
    kind: options.from === options.to ? 'loop' : 'edge',
    conditions: structuredClone(options.conditions ?? []),
  };
  return succeed(produce(doc, (draft) => void draft.edges.push(edge)), { id: edge.id });
}

/**
 * Moves an edge among the edges leaving the same stage (they are tried in array order). Edges
 * of other stages keep their places; an index past the end means last.
 */
export function reorderEdge(doc: AgentDocument, edgeId: string, newIndexAmongSiblings: number): AgentDocument {
  const edge = doc.edges.find((e) => e.id === edgeId);
  if (!edge) return doc;
  const rest = doc.edges.filter((e) => e.id !== edgeId);
  const siblings = rest.map((e, i) => (e.from === edge.from ? i : -1)).filter((i) => i >= 0);
  if (siblings.length === 0) return doc;
  const target = Math.max(0, Math.min(Math.trunc(newIndexAmongSiblings), siblings.length));
  const at = target < siblings.length ? siblings[target] : siblings[siblings.length - 1] + 1;
  const reordered = [...rest.slice(0, at), edge, ...rest.slice(at)];
  if (reordered.every((e, i) => e === doc.edges[i])) return doc;
  return produce(doc, (draft) => {
    draft.edges = reordered;
  });
}

// ---- conditions (AND-ed, kept in the order the author wrote them) ----

const CONDITION_KEYS: Record<Condition['kind'], { required: string[]; optional: string[] }> = {
  tool: { required: ['toolId', 'expected'], optional: ['field'] },
  external: { required: ['expected'], optional: [] },
  nlu: { required: ['sentence'], optional: [] },
  expression: { required: ['expression'], optional: [] },
  result: { required: ['toolId', 'field', 'expected'], optional: [] },
};

/** Keeps only the keys the condition's kind has; a message when one is missing or names no tool. */
function normaliseCondition(doc: AgentDocument, value: Partial<Condition>): Condition | string {
  const kind = value.kind;
  if (!kind || !Object.hasOwn(CONDITION_KEYS, kind)) return `a condition is one of ${Object.keys(CONDITION_KEYS).join(', ')}`;
  const { required, optional } = CONDITION_KEYS[kind];
  const source = value as Record<string, unknown>;
  const result: Record<string, unknown> = { kind };
  for (const key of required) {
    if (typeof source[key] !== 'string') return `a condition of kind ${quoted(kind)} needs ${quoted(key)}`;
    result[key] = source[key];
  }
  for (const key of optional) if (typeof source[key] === 'string') result[key] = source[key];
  if ((kind === 'tool' || kind === 'result') && !doc.tools.some((t) => t.id === result.toolId)) return `there is no tool ${quoted(String(result.toolId))}`;
  return result as unknown as Condition;
}

function withConditions(doc: AgentDocument, edgeId: string, change: (conditions: Condition[]) => Condition[] | string): Outcome {
  const edge = doc.edges.find((e) => e.id === edgeId);
  if (!edge) return fail(doc, `there is no edge ${quoted(edgeId)}`);
  const conditions = change(edge.conditions);
  if (typeof conditions === 'string') return fail(doc, conditions);
  return succeed(
    produce(doc, (draft) => {
      draft.edges.find((e) => e.id === edgeId)!.conditions = conditions;
    }),
    {},
  );
}

const indexError = (conditions: Condition[], index: number) =>
  Number.isInteger(index) && index >= 0 && index < conditions.length ? undefined : `the edge has no condition ${index}`;

/** Adds a condition at `index` (default: last). */
export function addCondition(doc: AgentDocument, edgeId: string, condition: Condition, index?: number): Outcome {
  return withConditions(doc, edgeId, (conditions) => {
    const normalised = normaliseCondition(doc, condition);
    if (typeof normalised === 'string') return normalised;
    const at = index === undefined ? conditions.length : Math.max(0, Math.min(index, conditions.length));
    return [...conditions.slice(0, at), normalised, ...conditions.slice(at)];
  });
}

/**
 * Patches a condition. A patch of the same kind merges (an undefined value clears an optional
 * key such as `field`); a patch that changes the kind must be a whole condition.
 */
export function updateCondition(doc: AgentDocument, edgeId: string, index: number, patch: Partial<Condition>): Outcome {
  return withConditions(doc, edgeId, (conditions) => {
    const error = indexError(conditions, index);
    if (error) return error;
    const current = conditions[index];
    const merged = patch.kind && patch.kind !== current.kind ? patch : { ...current, ...patch };
    const normalised = normaliseCondition(doc, merged as Partial<Condition>);
    if (typeof normalised === 'string') return normalised;
    return conditions.map((c, i) => (i === index ? normalised : c));
  });
}

export function removeCondition(doc: AgentDocument, edgeId: string, index: number): Outcome {
  return withConditions(doc, edgeId, (conditions) => indexError(conditions, index) ?? conditions.filter((_, i) => i !== index));
}

export function moveCondition(doc: AgentDocument, edgeId: string, fromIndex: number, toIndex: number): Outcome {
  return withConditions(doc, edgeId, (conditions) => {
    const error = indexError(conditions, fromIndex) ?? indexError(conditions, toIndex);
    if (error) return error;
    const next = conditions.filter((_, i) => i !== fromIndex);
    next.splice(toIndex, 0, conditions[fromIndex]);
    return next;
  });
}
