// Applying a diff: takes the second agent's value for every difference into the first. Used by the
// property "applying b's changes to a gives b", which holds the diff to being complete (a change it
// failed to report stays behind and the two still differ), and by "restore this field" in review.
import { produce, type Draft } from 'immer';
import type { AgentDocument } from '../types';
import type { AgentDifference } from './types';

type Collection = 'blocks' | 'stages' | 'tools' | 'state' | 'edges';
const COLLECTION: Record<string, Collection | undefined> = { block: 'blocks', stage: 'stages', tool: 'tools', state: 'state', edge: 'edges' };
type Entity = Record<string, unknown> & { id?: string; name?: string };

function setAt(target: Record<string, unknown>, field: (string | number)[], source: Record<string, unknown>): void {
  let into: Record<string, unknown> = target;
  let from: unknown = source;
  for (let i = 0; i < field.length - 1; i += 1) {
    const key = field[i];
    from = (from as Record<string, unknown> | undefined)?.[key];
    if (into[key] === undefined || into[key] === null || typeof into[key] !== 'object') into[key] = typeof field[i + 1] === 'number' ? [] : {};
    into = into[key] as Record<string, unknown>;
  }
  const last = field[field.length - 1];
  const value = (from as Record<string, unknown> | undefined)?.[last];
  if (value === undefined) {
    if (Array.isArray(into) && typeof last === 'number') into.splice(last, 1);
    else delete into[last];
  } else into[last] = structuredClone(value);
}

function entitiesOf(doc: AgentDocument | Draft<AgentDocument>, d: AgentDifference): Entity[] {
  if (d.entity.kind === 'test') return (doc.tests ?? []) as unknown as Entity[];
  return doc[COLLECTION[d.entity.kind]!] as unknown as Entity[];
}

const find = (list: Entity[], kind: string, key: string | undefined) => list.find((e) => (kind === 'test' ? e.name === key : e.id === key));

export function applyDifferences(a: AgentDocument, b: AgentDocument, differences: readonly AgentDifference[]): AgentDocument {
  return produce(a, (draft) => {
    const reorderFrom = new Set<string>();
    for (const d of differences) {
      if (d.entity.kind === 'agent') { setAt(draft as unknown as Record<string, unknown>, d.field, b as unknown as Record<string, unknown>); continue; }
      const kind = d.entity.kind;
      if (d.change === 'added') {
        const entity = find(entitiesOf(b, d), kind, d.entity.b);
        if (kind === 'test') (draft.tests ??= []).push(structuredClone(entity) as never);
        else (entitiesOf(draft, d) as Entity[]).push(structuredClone(entity) as Entity);
        continue;
      }
      const list = entitiesOf(draft, d);
      if (d.change === 'removed') { list.splice(list.findIndex((e) => e === find(list, kind, d.entity.a)), 1); continue; }
      const mine = find(list, kind, d.entity.a);
      const theirs = find(entitiesOf(b, d), kind, d.entity.b);
      if (!mine || !theirs) continue;
      if (d.field[0] === 'layout') {
        const part = d.field[1] as 'positions' | 'sizes';
        const value = b.layout[part][d.entity.b!];
        if (value === undefined) delete draft.layout[part][d.entity.a!];
        else draft.layout[part][d.entity.a!] = structuredClone(value);
      } else if (d.field[0] === 'order') reorderFrom.add(String(theirs.from));
      // `scope` and `scopeAs` are two views of the one `scope` field.
      else if (d.field[0] === 'scopeAs') setAt(mine, ['scope'], theirs);
      else if (d.field[0] !== 'scope') setAt(mine, d.field, theirs);
    }
    if (reorderFrom.size) {
      const rank = new Map(b.edges.map((e, i) => [e.id, i]));
      const slots = draft.edges.flatMap((e, i) => (reorderFrom.has(e.from) ? [i] : []));
      const moving = slots.map((i) => draft.edges[i]).sort((p, q) => (rank.get(p.id) ?? 0) - (rank.get(q.id) ?? 0));
      slots.forEach((slot, k) => { draft.edges[slot] = moving[k]; });
    }
  });
}
