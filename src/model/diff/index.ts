// diffAgents(a, b): a semantic diff of two agents (issue 15). Entities are matched (match.ts),
// compared as views that read references by name (views.ts), and every difference is labelled the
// way a reviewer reads it (labels.ts). Pure: the CLI's `diff`, the Versions panel and the canvas
// overlay are all views of this list.
import { diffArrays } from 'diff';
import { edgeName } from '../describe';
import { revealInvisible } from '../invisible';
import type { AgentDocument, ConversationTest, Edge } from '../types';
import { compareFields } from './compare';
import { differenceLabel, fieldLabel } from './labels';
import { matchEntities, recordLikeness, type Matched } from './match';
import {
  agentView, blockView, edgeView, FORMAT_FIELDS, isAtomic, LAYOUT_FIELDS, stageView, stateView, testView, toolView,
  type NameOf, type View,
} from './views';
import { isProse, wordDiff } from './words';
import type { AgentDifference, DiffEntity, DiffEntityKind, DiffOptions } from './types';

export type { AgentDifference, ChangeKind, DiffEntity, DiffEntityKind, DiffOptions, WordPart } from './types';
export { wordDiff } from './words';
export { summarizeDifferences } from './summary';

const pointer = (parts: (string | number)[]): string => parts.map((p) => `/${String(p).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

type Named = { id: string; name: string };
type Collection = 'blocks' | 'stages' | 'tools' | 'state';

interface Context {
  a: AgentDocument;
  b: AgentDocument;
  options: DiffOptions;
  out: AgentDifference[];
}

/**
 * What a reviewer reads (the label, the word diff) shows invisible characters as markers
 * (model/invisible.ts: ⟨U+202E⟩, ⟨hidden tag text: "…"⟩), so an inserted invisible instruction is
 * never an empty insertion; the values themselves (`old`, `new`) stay as they are, data.
 */
function push(ctx: Context, d: AgentDifference): void {
  if (d.apart === 'layout' && !ctx.options.layout) return;
  if (d.apart === 'format' && !ctx.options.format) return;
  ctx.out.push({ ...d, label: revealInvisible(d.label), ...(d.words ? { words: d.words.map((w) => ({ ...w, text: revealInvisible(w.text) })) } : {}) });
}

function apartOf(field: (string | number)[]): AgentDifference['apart'] {
  const head = String(field[0]);
  if (FORMAT_FIELDS.has(head)) return 'format';
  if (LAYOUT_FIELDS.has(head)) return 'layout';
  return undefined;
}

/** The changed fields of one matched pair, each a difference (name changes are renames, reported first). */
function comparePair(ctx: Context, kind: DiffEntityKind, entity: DiffEntity, base: (string | number)[], viewA: View, viewB: View): void {
  if (viewA.name !== viewB.name && 'name' in viewB && kind !== 'agent') {
    push(ctx, { entity, change: 'renamed', field: ['name'], path: pointer([...base, 'name']), label: `${kind === 'state' ? 'state field' : kind} ${String(viewA.name)} → ${String(viewB.name)}: renamed`, old: viewA.name, new: viewB.name });
  }
  const { name: _a, ...restA } = viewA;
  const { name: _b, ...restB } = viewB;
  if (kind === 'agent') { restA.name = _a; restB.name = _b; }
  for (const change of compareFields(restA, restB, (field) => isAtomic(kind, field))) {
    const words = isProse(change.old) && isProse(change.new) ? wordDiff(change.old, change.new) : undefined;
    push(ctx, {
      entity, change: 'changed', field: change.field, path: pointer([...base, ...change.field]),
      label: differenceLabel(entity, fieldLabel(change.field)), old: change.old, new: change.new,
      ...(words ? { words } : {}), ...(apartOf(change.field) ? { apart: apartOf(change.field) } : {}),
    });
  }
}

function reportMatched<T extends Named>(
  ctx: Context, kind: DiffEntityKind, collection: Collection, matched: Matched<T>,
  view: (x: T, doc: 'a' | 'b') => View, nameOf: (x: T, doc: 'a' | 'b') => string,
): void {
  const { a, b } = ctx;
  const indexIn = (doc: AgentDocument, x: T) => (doc[collection] as Named[]).indexOf(x);
  for (const x of matched.removed) {
    const entity: DiffEntity = { kind, a: x.id, name: nameOf(x, 'a') };
    push(ctx, { entity, change: 'removed', field: [], path: pointer([collection, indexIn(a, x)]), label: differenceLabel(entity, 'removed') });
  }
  for (const [x, y] of matched.pairs) {
    const entity: DiffEntity = { kind, a: x.id, b: y.id, name: nameOf(y, 'b') };
    comparePair(ctx, kind, entity, [collection, indexIn(b, y)], view(x, 'a'), view(y, 'b'));
  }
  for (const y of matched.added) {
    const entity: DiffEntity = { kind, b: y.id, name: nameOf(y, 'b') };
    push(ctx, { entity, change: 'added', field: [], path: pointer([collection, indexIn(b, y)]), label: differenceLabel(entity, 'added') });
  }
}

const byIdOrName = { id: (x: Named) => x.id, name: (x: Named) => x.name };

/** Edges have no names: by id, then by their endpoints (read by name), kind and place among alike edges. */
function matchEdges(a: AgentDocument, b: AgentDocument, nameA: NameOf, nameB: NameOf): Matched<Edge> {
  const signature = (doc: AgentDocument, names: NameOf) => {
    const seen = new Map<string, number>();
    return new Map(doc.edges.map((e) => {
      const base = `${names('stage', e.from)}\u0000${names('stage', e.to)}\u0000${e.kind}`;
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      return [e, `${base}\u0000${n}`];
    }));
  };
  const sigA = signature(a, nameA);
  const sigB = signature(b, nameB);
  return matchEntities(a.edges, b.edges, { id: (e) => e.id, name: (e) => sigA.get(e) ?? sigB.get(e) ?? e.id });
}

/** An edge moved in the order its stage tries them: the edges jsdiff finds outside the common run. */
function reportEdgeOrder(ctx: Context, pairs: [Edge, Edge][]): void {
  const partner = new Map(pairs.map(([x, y]) => [y, x]));
  const fromStages = new Set(ctx.b.edges.map((e) => e.from));
  for (const stage of fromStages) {
    const inB = ctx.b.edges.filter((e) => e.from === stage && partner.has(e));
    const inA = ctx.a.edges.filter((e) => inB.some((y) => partner.get(y) === e));
    const moved = new Set<Edge>();
    for (const part of diffArrays(inA, inB.map((y) => partner.get(y)!))) if (part.added) part.value.forEach((e) => moved.add(e));
    for (const y of inB) {
      const x = partner.get(y)!;
      if (!moved.has(x)) continue;
      const entity: DiffEntity = { kind: 'edge', a: x.id, b: y.id, name: edgeName(ctx.b, y.id) };
      push(ctx, {
        entity, change: 'changed', field: ['order'], path: pointer(['edges', ctx.b.edges.indexOf(y)]),
        label: differenceLabel(entity, 'order'), old: inA.indexOf(x) + 1, new: inB.indexOf(y) + 1,
      });
    }
  }
}

function reportLayout(ctx: Context, pairs: [Named, Named][], kind: DiffEntityKind, nameOf: (y: Named) => string): void {
  for (const [x, y] of pairs) {
    for (const part of ['positions', 'sizes'] as const) {
      const old = ctx.a.layout[part][x.id];
      const now = ctx.b.layout[part][y.id];
      if (JSON.stringify(old) === JSON.stringify(now)) continue;
      const entity: DiffEntity = { kind, a: x.id, b: y.id, name: nameOf(y) };
      push(ctx, {
        entity, change: 'changed', field: ['layout', part], path: pointer(['layout', part, y.id]),
        label: differenceLabel(entity, part === 'positions' ? 'position' : 'size'), old, new: now, apart: 'layout',
      });
    }
  }
}

export function diffAgents(a: AgentDocument, b: AgentDocument, options: DiffOptions = {}): AgentDifference[] {
  const ctx: Context = { a, b, options, out: [] };
  const blocks = matchEntities(a.blocks, b.blocks, byIdOrName, (x, y) => recordLikeness(x, y, ['id', 'name', 'ref', 'refFollowsName']));
  const stages = matchEntities(a.stages, b.stages, byIdOrName, (x, y) => (x.instructions.trim() !== '' && x.instructions === y.instructions ? 1 : recordLikeness(x, y, ['id', 'name', 'ref', 'refFollowsName', 'blockId'])));
  const tools = matchEntities(a.tools, b.tools, byIdOrName, (x, y) => recordLikeness(x, y, ['id', 'name', 'scope']));
  const state = matchEntities(a.state, b.state, byIdOrName, (x, y) => recordLikeness(x, y));
  const counterpart = new Map<string, string>();
  for (const [x, y] of [...blocks.pairs, ...stages.pairs, ...tools.pairs] as [Named, Named][]) counterpart.set(x.id, y.name);
  const ownName = (doc: AgentDocument): NameOf => (kind, id) =>
    (doc[kind === 'block' ? 'blocks' : kind === 'stage' ? 'stages' : 'tools'] as Named[]).find((e) => e.id === id)?.name ?? id;
  const nameA: NameOf = (kind, id) => counterpart.get(id) ?? ownName(a)(kind, id);
  const nameB = ownName(b);
  const names = (doc: 'a' | 'b') => (doc === 'a' ? nameA : nameB);

  comparePair(ctx, 'agent', { kind: 'agent', name: b.name }, [], agentView(a, nameA), agentView(b, nameB));
  reportMatched(ctx, 'state', 'state', state, (x) => stateView(x), (x) => x.name);
  reportMatched(ctx, 'block', 'blocks', blocks, (x, doc) => blockView(x, names(doc)), (x) => x.name);
  reportMatched(ctx, 'stage', 'stages', stages, (x, doc) => stageView(x, names(doc)), (x) => x.name);
  const edges = matchEdges(a, b, nameA, nameB);
  reportEdges(ctx, edges, nameA, nameB);
  reportEdgeOrder(ctx, edges.pairs);
  reportMatched(ctx, 'tool', 'tools', tools, (x, doc) => toolView(x, names(doc), doc === 'a' ? a : b), (x) => x.name);
  reportTests(ctx);
  reportLayout(ctx, blocks.pairs, 'block', (y) => y.name);
  reportLayout(ctx, stages.pairs, 'stage', (y) => y.name);
  return ctx.out;
}

function reportEdges(ctx: Context, edges: Matched<Edge>, nameA: NameOf, nameB: NameOf): void {
  const edgeEntity = (x: Edge | undefined, y: Edge | undefined): DiffEntity => ({
    kind: 'edge', ...(x ? { a: x.id } : {}), ...(y ? { b: y.id } : {}), name: y ? edgeName(ctx.b, y.id) : edgeName(ctx.a, x!.id),
  });
  for (const x of edges.removed) {
    const entity = edgeEntity(x, undefined);
    push(ctx, { entity, change: 'removed', field: [], path: pointer(['edges', ctx.a.edges.indexOf(x)]), label: differenceLabel(entity, 'removed') });
  }
  for (const [x, y] of edges.pairs) {
    comparePair(ctx, 'edge', edgeEntity(x, y), ['edges', ctx.b.edges.indexOf(y)], edgeView(x, nameA, ctx.a), edgeView(y, nameB, ctx.b));
  }
  for (const y of edges.added) {
    const entity = edgeEntity(undefined, y);
    push(ctx, { entity, change: 'added', field: [], path: pointer(['edges', ctx.b.edges.indexOf(y)]), label: differenceLabel(entity, 'added') });
  }
}

function reportTests(ctx: Context): void {
  const a = ctx.a.tests ?? [];
  const b = ctx.b.tests ?? [];
  const matched = matchEntities<ConversationTest>(a, b, { id: () => undefined, name: (t) => t.name }, (x, y) => recordLikeness(testView(x), testView(y)));
  const entity = (x: ConversationTest | undefined, y: ConversationTest | undefined): DiffEntity => ({
    kind: 'test', ...(x ? { a: x.name } : {}), ...(y ? { b: y.name } : {}), name: (y ?? x)!.name,
  });
  for (const x of matched.removed) push(ctx, { entity: entity(x, undefined), change: 'removed', field: [], path: pointer(['tests', a.indexOf(x)]), label: `test ${x.name}: removed` });
  for (const [x, y] of matched.pairs) comparePair(ctx, 'test', entity(x, y), ['tests', b.indexOf(y)], { name: x.name, ...testView(x) }, { name: y.name, ...testView(y) });
  for (const y of matched.added) push(ctx, { entity: entity(undefined, y), change: 'added', field: [], path: pointer(['tests', b.indexOf(y)]), label: `test ${y.name}: added` });
}
