// How messages and panels name an entity of the document: the problems and losses lists, delete
// plans, the change log's author chips, the inspector's title. One rule, so that an edge reads the
// same wherever it is named.
import { byId } from './document';
import type { AgentDocument, EntityKind } from './types';

/** A pointer at one entity (the store's EntityRef, a loss's or a problem's entity); the agent has no id. */
export interface DescribedRef {
  kind: EntityKind;
  id?: string | null;
}

/**
 * An edge by its stages: "greet → identify", a loop edge (that stays on its stage) "greet ↻". A
 * stage that is gone reads "?"; an edge that is gone, its id.
 */
export function edgeName(doc: AgentDocument, edgeId: string): string {
  const edge = byId(doc.edges, edgeId);
  if (!edge) return edgeId;
  const stage = (id: string) => byId(doc.stages, id)?.name ?? '?';
  return edge.kind === 'loop' && edge.to === edge.from ? `${stage(edge.from)} ↻` : `${stage(edge.from)} → ${stage(edge.to)}`;
}

/** An entity's name, without its kind (an edge by its stages); undefined when it is not in the document. */
export function entityName(doc: AgentDocument, ref: DescribedRef): string | undefined {
  const { id } = ref;
  switch (ref.kind) {
    case 'agent': return doc.name;
    case 'block': return byId(doc.blocks, id)?.name;
    case 'stage': return byId(doc.stages, id)?.name;
    case 'tool': return byId(doc.tools, id)?.name;
    case 'state': return byId(doc.state, id)?.name;
    case 'edge': return id && byId(doc.edges, id) ? edgeName(doc, id) : undefined;
  }
}

/**
 * An entity as a list names it: "stage greet", "edge greet → identify", "agent". One that is gone
 * keeps its kind and id ("tool t_9"), so the line still says what it was about.
 */
export function describeEntity(doc: AgentDocument, ref: DescribedRef): string {
  if (ref.kind === 'agent') return 'agent';
  const name = entityName(doc, ref);
  if (ref.kind === 'edge') return name === undefined ? 'edge' : `edge ${name}`;
  return `${ref.kind} ${name ?? ref.id ?? ''}`;
}
