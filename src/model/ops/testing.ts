// Test support for the operation tests (not exported from index): the sample agent, frozen so
// that any mutation of an operation's input throws, and lookups by name.
import sampleJson from '../../../public/examples/clinic-booking.json';
import type { AgentDocument } from '../types';
import { validateDocument, type SchemaError } from '../validate';

export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** A fresh, deeply frozen copy of public/examples/clinic-booking.json. */
export const frozenSample = (): AgentDocument => deepFreeze(structuredClone(sampleJson) as unknown as AgentDocument);

/**
 * Gives collect_identity (t_identity) a parameter `name` in place of `caller_name`, as the sample once
 * had: a parameter no state field owns, whose value the implementation stores in the state field
 * `caller_name`. Mutates `doc` (a plain clone or an immer draft) and returns it.
 */
export function withNameParameter<T extends AgentDocument>(doc: T): T {
  const identity = doc.tools.find((t) => t.id === 't_identity')!;
  const rename = (p: string) => (p === 'caller_name' ? 'name' : p);
  const parameters = identity.parameters;
  parameters.properties = Object.fromEntries(Object.entries(parameters.properties ?? {}).map(([key, value]) => [rename(key), value]));
  if (parameters.required) parameters.required = parameters.required.map(rename);
  identity.pii = identity.pii.map(rename);
  identity.implementation = 'this.caller_name = name;\nthis.caller_phone = phone;\nreturn { name, phone };';
  return doc;
}

/** Like frozenSample, with collect_identity's parameter `name` distinct from the state field `caller_name` (withNameParameter). */
export const frozenSampleWithNameParameter = (): AgentDocument =>
  deepFreeze(withNameParameter(structuredClone(sampleJson) as unknown as AgentDocument));

/** Schema errors of a document ([] when valid): `expect(schemaErrors(doc)).toEqual([])` shows them on failure. */
export function schemaErrors(doc: AgentDocument): SchemaError[] {
  const result = validateDocument(doc);
  return result.ok ? [] : result.errors;
}

const named = <T extends { name: string }>(items: T[], name: string, what: string): T => {
  const found = items.find((item) => item.name === name);
  if (!found) throw new Error(`no ${what} named ${name}`);
  return found;
};
export const stageNamed = (doc: AgentDocument, name: string) => named(doc.stages, name, 'stage');
export const toolNamed = (doc: AgentDocument, name: string) => named(doc.tools, name, 'tool');
export const fieldNamed = (doc: AgentDocument, name: string) => named(doc.state, name, 'state field');
export const blockNamed = (doc: AgentDocument, name: string) => named(doc.blocks, name, 'block');

/** Dangling ids, duplicate names and refs: what no operation may leave behind, beyond what the schema checks. */
export function integrityErrors(doc: AgentDocument): string[] {
  const errors: string[] = [];
  const has = (items: { id: string }[], id: string) => items.some((item) => item.id === id);
  const unique = (what: string, names: string[]) => {
    const dupes = names.filter((n, i) => names.indexOf(n) !== i);
    if (dupes.length) errors.push(`duplicate ${what}: ${dupes.join(', ')}`);
  };
  unique('ids', [...doc.blocks, ...doc.stages, ...doc.edges, ...doc.tools, ...doc.state].map((e) => e.id));
  unique('stage names', doc.stages.map((s) => s.name));
  unique('tool names', doc.tools.map((t) => t.name));
  unique('state field names', doc.state.map((f) => f.name));
  // turn_id is unique across the agent, block_id among blocks: no operation may make two alike.
  unique('stage refs', doc.stages.map((s) => s.ref));
  unique('block refs', doc.blocks.map((b) => b.ref));
  if (doc.entryStageId !== null && !has(doc.stages, doc.entryStageId)) errors.push('entry stage is missing');
  if (doc.entryStageId === null && doc.stages.length > 0) errors.push('stages but no entry stage');
  for (const s of doc.stages) if (!has(doc.blocks, s.blockId)) errors.push(`stage ${s.name} in a missing block`);
  for (const e of doc.edges) {
    if (!has(doc.stages, e.from) || !has(doc.stages, e.to)) errors.push(`edge ${e.id} has a missing end`);
    if ((e.kind === 'loop') !== (e.from === e.to)) errors.push(`edge ${e.id} kind does not match its ends`);
    for (const c of e.conditions) if (c.kind === 'tool' && !has(doc.tools, c.toolId)) errors.push(`edge ${e.id} names a missing tool`);
  }
  const loops = doc.edges.filter((e) => e.kind === 'loop').map((e) => e.from);
  unique('loops on a stage', loops);
  for (const t of doc.tools) {
    const ids = t.scope.kind === 'blocks' ? t.scope.blockIds : t.scope.kind === 'stages' ? t.scope.stageIds : [];
    const pool = t.scope.kind === 'blocks' ? doc.blocks : doc.stages;
    for (const id of ids) if (!has(pool, id)) errors.push(`tool ${t.name} scoped to a missing ${t.scope.kind}`);
  }
  for (const b of doc.blocks) if (b.looping?.connectTo && !has(doc.stages, b.looping.connectTo)) errors.push(`block ${b.name} loops to a missing stage`);
  const entities = [...doc.blocks, ...doc.stages];
  for (const id of Object.keys(doc.layout.positions)) if (!has(entities, id)) errors.push(`position of a missing entity ${id}`);
  for (const id of Object.keys(doc.layout.sizes)) if (!has(doc.blocks, id)) errors.push(`size of a missing block ${id}`);
  return errors;
}

// Expected layouts come from the sample's own, so a re-layout of the sample breaks no test.
export function positionOf(doc: AgentDocument, id: string) {
  const at = doc.layout.positions[id];
  if (!at) throw new Error(`the sample does not place ${id}`);
  return at;
}

export function sizeOf(doc: AgentDocument, id: string) {
  const size = doc.layout.sizes[id];
  if (!size) throw new Error(`the sample does not size ${id}`);
  return size;
}
