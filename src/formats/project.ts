// The round-trip oracle of design.md: project(doc, target) is the document with exactly the
// losses lossesFor(doc, target) names applied, so that import(export(doc)) equals it, and
// changedPaths(doc, project(doc, target)) says where the two differ, at lossesFor's granularity.
//
// Losses and normalisations are split on one question: would the user miss it after a round trip?
// A loss (model/losses*.ts) changes what the agent says or does, or drops something the user wrote
// (a setting, a flag, a description, a ref, a name). A normalisation (normalizeForDiff below)
// changes only how the same thing is written, and is applied to both sides before comparing:
// - ids, which are fresh on every import (entities are matched by id here, by the format's own
//   keys in each format's normalizeForComparison), and the order of entities in their lists;
// - the canvas layout and the `target` field (an exported file is the target's by definition);
// - CRLF line breaks (the class is written with LF), a code body's common indentation, the
//   spacing inside `{{ name }}`, an empty description, an empty kept-keys map, a null connectTo;
// - conditions, which all must hold, compared as a set: a tool condition's expected value in
//   lower case (the runtimes compare case-insensitively), no `field` as the first parameter's
//   name (but `*` without a field as "the tool fired"), `*` with spaces as `*`, an expression
//   trimmed and without `this.`; a repeated condition, or a `tool: *` implied by another
//   condition on the same tool, changes with the one it follows;
// - a tool's scope as the stages it offers the tool in, however written (all, blocks or stages);
//   an mcp tool's parameters (its server describes its tools; lint and both files ignore them).
import { dedentCode, withoutThisPrefix } from '../runtimes/pinecall/format';
import { RUNTIME_FORMATS } from './runtime-formats';
import { toolVisibleIn } from '../model/document';
import { pointer } from '../model/lint/pointer';
import type { AgentDocument, Condition, Target, Tool } from '../model/types';
import { withoutKeptSources } from './kept-source';
import { withoutInterfaceNames } from './kept-layout';
import { RUNTIME_TRAITS } from '../model/runtime-homes';

/** The document as `target`'s import will give it back: exactly lossesFor(doc, target) applied. */
export function project(doc: AgentDocument, target: Target): AgentDocument {
  return RUNTIME_FORMATS[target].project(doc);
}

type Json = unknown;
type JsonMap = Record<string, Json>;
const isMap = (v: unknown): v is JsonMap => typeof v === 'object' && v !== null && !Array.isArray(v);
const lf = (text: string) => text.replace(/\r\n?/g, '\n');
const ENTITY_LISTS = ['state', 'blocks', 'stages', 'edges', 'tools'] as const;

const firstParameter = (tool: Tool | undefined): string | undefined =>
  tool && tool.kind === 'function' ? Object.keys(tool.parameters.properties ?? {})[0] : undefined;

/** A condition in the one form both sides are compared in. */
function normalCondition(condition: Condition, tools: Map<string, Tool>): JsonMap {
  switch (condition.kind) {
    case 'tool': {
      const first = firstParameter(tools.get(condition.toolId));
      // No field means the first parameter: named, so that it still compares equal when the first
      // one changes; but `*` without a field says only that the tool fired (edge-chains.ts).
      const expected = condition.expected.trim() === '*' ? '*' : condition.expected.toLowerCase();
      const field = expected === '*' && condition.field === undefined ? undefined : condition.field ?? first;
      return { kind: 'tool', toolId: condition.toolId, ...(field === undefined ? {} : { field }), expected };
    }
    case 'expression':
      return { kind: 'expression', expression: withoutThisPrefix(condition.expression.trim()) };
    default:
      return { ...condition };
  }
}

/**
 * An edge's conditions normalised, in place. A condition that repeats an earlier one, or a plain
 * `tool: *` while another condition on the same tool says more (and so implies it), says nothing
 * of its own: it becomes `{follows: [indexes]}`, changed exactly when one of those is.
 */
function normalConditions(conditions: Condition[], tools: Map<string, Tool>): JsonMap[] {
  const normal = conditions.map((c) => normalCondition(c, tools));
  const plainAny = (c: JsonMap) => c.kind === 'tool' && c.expected === '*' && c.field === undefined;
  const keys = normal.map((c) => JSON.stringify(sortKeys(c)));
  return normal.map((c, j) => {
    const first = keys.indexOf(keys[j]);
    if (first < j) return { follows: [first] };
    const impliers = plainAny(c) ? normal.flatMap((o, k) => (o.kind === 'tool' && o.toolId === c.toolId && !plainAny(o) ? [k] : [])) : [];
    return impliers.length > 0 ? { follows: impliers } : c;
  });
}

/**
 * Where a tool is offered: the stages its scope reaches. Pinecall runs a class without stages too,
 * and there a tool is offered always (`all`) or never; Block Agent runs nothing without turns.
 */
function offeredIn(doc: AgentDocument, tool: Tool, target: Target): string[] {
  if (RUNTIME_TRAITS[target].runsWithoutStages && doc.stages.length === 0) return tool.scope.kind === 'all' ? ['(always)'] : [];
  return doc.stages.filter((s) => toolVisibleIn(tool, s)).map((s) => s.id).sort();
}

/**
 * What a kept map is compared as, by its key: a Pinecall class's kept part without the names of
 * its interfaces (kept-layout.ts; a type's name is no content a round trip must keep).
 */
const KEPT_NORMALISED: Record<string, (kept: JsonMap) => JsonMap> = { pinecall: withoutInterfaceNames };

/** The normalisations listed at the top of this file; the result is for comparing, not a valid document. */
export function normalizeForDiff(doc: AgentDocument, target: Target): JsonMap {
  const tools = new Map(doc.tools.map((t) => [t.id, t]));
  const dropEmpty = (entity: JsonMap) => {
    if (isMap(entity.extra) && Object.keys(entity.extra).length === 0) delete entity.extra;
    return entity;
  };
  const out: JsonMap = {
    format: doc.format, version: doc.version, id: doc.id, name: doc.name, persona: lf(doc.persona),
    llm: doc.llm, opening: doc.opening, entryStageId: doc.entryStageId,
    state: doc.state.map((field) => {
      const copy: JsonMap = { ...field };
      if (field.description) copy.description = lf(field.description);
      else delete copy.description;
      return copy;
    }),
    blocks: doc.blocks.map((block) => {
      const copy = dropEmpty({ ...block });
      if (block.looping) {
        const looping: JsonMap = { ...block.looping };
        if (!block.looping.connectTo) delete looping.connectTo;
        copy.looping = looping;
      }
      return copy;
    }),
    stages: doc.stages.map((stage) => dropEmpty({
      ...stage, instructions: lf(stage.instructions).replace(/\{\{\s*([A-Za-z_$][\w$]*)\s*\}\}/g, '{{ $1 }}'),
    })),
    edges: doc.edges.map((edge) => dropEmpty({
      ...edge,
      // Kept in place (a follower where implied), so that a path names the document's own index.
      conditions: normalConditions(edge.conditions, tools),
    })),
    tools: doc.tools.map((tool) => {
      const copy = dropEmpty({ ...tool, scope: { offeredIn: offeredIn(doc, tool, target) } });
      if (tool.kind === 'mcp') delete copy.parameters;
      if (tool.implementation !== undefined) copy.implementation = dedentCode(lf(tool.implementation));
      return copy;
    }),
  };
  const preserved = Object.entries(doc.preserved ?? {}).map(([k, v]) => [k, isMap(v) && Object.hasOwn(KEPT_NORMALISED, k) ? KEPT_NORMALISED[k](v) : v] as const).filter(([, v]) => isMap(v) && Object.keys(v).length > 0);
  if (preserved.length > 0) out.preserved = Object.fromEntries(preserved);
  return out;
}

export interface DocumentDiff {
  /** JSON pointers into `a` (the document) of every leaf that differs, and of every entity `b` lacks. */
  changed: string[];
  /** Entities only `b` holds, by list (e.g. a state field Block Agent declares for a captured parameter). */
  added: { list: (typeof ENTITY_LISTS)[number]; item: JsonMap }[];
}

/**
 * Where `b` differs from `a` after normalizeForDiff (for `target`, whose runtime decides what a
 * scope means): entities are matched by id (order aside), conditions as a set, everything else
 * key by key and index by index, down to the leaves. Paths are JSON pointers in `a`'s terms; a
 * key only `b` has is named where it would stand in `a`.
 */
export function diffDocuments(a: AgentDocument, b: AgentDocument, target: Target): DocumentDiff {
  const na = normalizeForDiff(withoutKeptSources(a), target);
  const nb = normalizeForDiff(withoutKeptSources(b), target);
  const diff: DocumentDiff = { changed: [], added: [] };
  for (const key of new Set([...Object.keys(na), ...Object.keys(nb)])) {
    if ((ENTITY_LISTS as readonly string[]).includes(key)) continue;
    diffValue(na[key], nb[key], [key], diff.changed);
  }
  for (const list of ENTITY_LISTS) {
    const before = na[list] as JsonMap[];
    const after = new Map((nb[list] as JsonMap[]).map((item) => [item.id as string, item]));
    before.forEach((item, i) => {
      const other = after.get(item.id as string);
      after.delete(item.id as string);
      if (!other) diff.changed.push(pointer(list, i));
      else if (list === 'edges') diffEdge(item, other, [list, i], diff.changed);
      else diffValue(item, other, [list, i], diff.changed);
    });
    for (const item of after.values()) diff.added.push({ list, item });
  }
  return diff;
}

/** diffDocuments as paths: an entity only `b` holds is `/<list>/-` (JSON pointer's "a new element"). */
export function changedPaths(a: AgentDocument, b: AgentDocument, target: Target): string[] {
  const { changed, added } = diffDocuments(a, b, target);
  return [...changed, ...added.map(({ list }) => pointer(list, '-'))];
}

function diffEdge(a: JsonMap, b: JsonMap, at: (string | number)[], out: string[]): void {
  const { conditions: ca, ...restA } = a;
  const { conditions: cb, ...restB } = b;
  diffValue(restA, restB, at, out);
  // Conditions all must hold: matched one to one by value, whatever their order. One `a` has and
  // `b` does not is changed (rewritten, when `b` has one left over too); `b`'s others are added.
  const own = (c: JsonMap) => !('follows' in c);
  const left = (cb as JsonMap[]).filter(own).map((c) => JSON.stringify(sortKeys(c)));
  const unmatched = new Set<number>();
  (ca as JsonMap[]).forEach((c, j) => {
    if (!own(c)) return;
    const k = left.indexOf(JSON.stringify(sortKeys(c)));
    if (k >= 0) left.splice(k, 1);
    else unmatched.add(j);
  });
  (ca as JsonMap[]).forEach((c, j) => {
    if (unmatched.has(j) || (!own(c) && (c.follows as number[]).some((k) => unmatched.has(k)))) out.push(pointer(...at, 'conditions', j));
  });
  if (left.length > unmatched.size) out.push(pointer(...at, 'conditions', '-'));
}

const sortKeys = (v: Json): Json =>
  Array.isArray(v) ? v.map(sortKeys) : isMap(v) ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sortKeys(v[k])])) : v;

function diffValue(a: Json, b: Json, at: (string | number)[], out: string[]): void {
  if (a === b) return;
  // A map on one side only is compared with an empty one, so that each of its keys is named (an empty one is named itself).
  if (isMap(a) && b === undefined && Object.keys(a).length > 0) return diffValue(a, {}, at, out);
  if (a === undefined && isMap(b) && Object.keys(b).length > 0) return diffValue({}, b, at, out);
  if (isMap(a) && isMap(b)) {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) diffValue(a[key], b[key], [...at, key], out);
  } else if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.max(a.length, b.length); i++) diffValue(a[i], b[i], [...at, i], out);
  } else if (!(Number.isNaN(a) && Number.isNaN(b))) {
    out.push(pointer(...at));
  }
}

