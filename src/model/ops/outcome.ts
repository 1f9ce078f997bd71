import type { AgentDocument, Block, Edge, StateField, Stage, Tool } from '../types';

/**
 * What an operation that can be refused returns. The document is always present — unchanged
 * (the same object) when refused — so the store can apply `.doc` blindly and show `.error`.
 */
export type Outcome<Extra extends object = object> =
  | ({ ok: true; doc: AgentDocument } & Extra)
  | { ok: false; doc: AgentDocument; error: string };

/** An operation that cannot be refused and creates one entity. */
export type Created = { ok: true; doc: AgentDocument; id: string };

export const fail = (doc: AgentDocument, error: string): { ok: false; doc: AgentDocument; error: string } => ({ ok: false, doc, error });

export const succeed = <Extra extends object>(doc: AgentDocument, extra: Extra): { ok: true; doc: AgentDocument } & Extra => ({ ok: true, doc, ...extra });

/** The entities that operations create, edit, select and delete by id. */
export interface EntityTypes {
  block: Block;
  stage: Stage;
  tool: Tool;
  state: StateField;
  edge: Edge;
}
export type EntityKindWithId = keyof EntityTypes;

export interface EntityRef {
  kind: EntityKindWithId;
  id: string;
}

const COLLECTIONS = { block: 'blocks', stage: 'stages', tool: 'tools', state: 'state', edge: 'edges' } as const;

export function entitiesOf<K extends EntityKindWithId>(doc: AgentDocument, kind: K): EntityTypes[K][] {
  return doc[COLLECTIONS[kind]] as EntityTypes[K][];
}

export function findEntity<K extends EntityKindWithId>(doc: AgentDocument, kind: K, id: string): EntityTypes[K] | undefined {
  return entitiesOf(doc, kind).find((e) => e.id === id);
}

/** Quotes a name inside a message, the way every error here does. */
export const quoted = (name: string): string => JSON.stringify(name);
