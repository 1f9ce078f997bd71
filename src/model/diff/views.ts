// Each entity as a reviewer compares it: its own fields, with every reference to another entity
// read as that entity's name, so two files imported separately (other ids) compare equal where
// they mean the same, and a renamed stage does not make every edge into it "changed".
import { toolVisibleIn } from '../document';
import type { AgentDocument, Block, ConversationTest, Edge, StateField, Stage, Tool, ToolScope } from '../types';
import type { DiffEntityKind } from './types';

/** The name an entity of this document is read as: its counterpart's name in the other agent when matched. */
export type NameOf = (kind: 'block' | 'stage' | 'tool', id: string) => string;

export type View = Record<string, unknown>;

/** Fields a format keeps for its own round trip; compared apart, hidden by default. */
export const FORMAT_FIELDS: ReadonlySet<string> = new Set(['extra', 'ref', 'refFollowsName', 'preserved', 'scopeAs']);
/** Fields that only change how the canvas looks. */
export const LAYOUT_FIELDS: ReadonlySet<string> = new Set(['color']);

const scopeView = (scope: ToolScope, nameOf: NameOf): unknown => {
  switch (scope.kind) {
    case 'all': return { kind: 'all' };
    case 'blocks': return { kind: 'blocks', blockIds: scope.blockIds.map((id) => nameOf('block', id)) };
    case 'stages': return { kind: 'stages', stageIds: scope.stageIds.map((id) => nameOf('stage', id)) };
  }
};

function withoutId<T extends object>(entity: T): View {
  const rest: View = { ...(entity as View) };
  delete rest.id;
  return rest;
}

/**
 * A tool's scope as what it means, the stages it is offered in (by name, sorted), so "blocks
 * [Booking]" and "stages [choose]" of a one-stage block compare equal, as they do across a
 * Block Agent and a Pinecall file of one agent; how it is written is kept apart as `scopeAs`.
 */
export function toolView(tool: Tool, nameOf: NameOf, doc: AgentDocument): View {
  const offered = doc.stages.filter((s) => toolVisibleIn(tool, s)).map((s) => nameOf('stage', s.id)).sort();
  return { ...withoutId(tool), scope: offered, scopeAs: scopeView(tool.scope, nameOf) };
}

export function stageView(stage: Stage, nameOf: NameOf): View {
  return { ...withoutId(stage), blockId: nameOf('block', stage.blockId) };
}

export function blockView(block: Block, nameOf: NameOf): View {
  const view = withoutId(block);
  if (block.looping) view.looping = { ...block.looping, connectTo: block.looping.connectTo ? nameOf('stage', block.looping.connectTo) : block.looping.connectTo };
  return view;
}

/**
 * An edge by its endpoints' names. A tool condition without a field reads the tool's first
 * parameter (tool-chains.ts; Block Agent's default), so it is shown with that field: a file that
 * writes the field and one that leaves it out mean the same. `*` without a field means "the tool
 * fired", not "its first parameter is set", and stays as written.
 */
export function edgeView(edge: Edge, nameOf: NameOf, doc: AgentDocument): View {
  const firstParameter = (toolId: string) => Object.keys(doc.tools.find((t) => t.id === toolId)?.parameters.properties ?? {})[0];
  return {
    ...withoutId(edge),
    from: nameOf('stage', edge.from),
    to: nameOf('stage', edge.to),
    conditions: edge.conditions.map((c) => {
      if (c.kind !== 'tool') return c;
      const field = c.field ?? (c.expected.trim() === '*' ? undefined : firstParameter(c.toolId));
      return { ...c, toolId: nameOf('tool', c.toolId), ...(field === undefined ? {} : { field }) };
    }),
  };
}

export const stateView = (field: StateField): View => withoutId(field);

export function testView(test: ConversationTest): View {
  const rest: View = { ...test };
  delete rest.name;
  return rest;
}

/** The agent's own fields: everything that is not a list of entities or the layout. */
export function agentView(doc: AgentDocument, nameOf: NameOf): View {
  return {
    name: doc.name,
    target: doc.target,
    persona: doc.persona,
    llm: doc.llm,
    opening: doc.opening,
    entryStageId: doc.entryStageId ? nameOf('stage', doc.entryStageId) : null,
    mocks: doc.mocks,
    preserved: doc.preserved,
  };
}

/** Which keys of a view are compared whole rather than walked. */
export function isAtomic(kind: DiffEntityKind, field: (string | number)[]): boolean {
  const [head, second, , fourth] = field;
  if (kind === 'tool') {
    if (head === 'scope' || head === 'scopeAs' || head === 'pii') return true;
    // A parameter's enum, type list or required list reads as one value: "enum: a, b → a, b, c".
    if (head === 'parameters' && (second === 'required' || fourth === 'enum' || fourth === 'required' || fourth === 'type')) return true;
  }
  if (kind === 'test' && (head === 'input' || head === 'expect')) return head === 'input';
  if (head === 'preserved' || head === 'extra') return field.length >= 2;
  return false;
}
