// What the compare view shows for one difference (issue 15): long text and schemas in Monaco's
// diff editor, short values as old → new. Pure: the view reads what this decides.
import type { AgentDifference } from '../../model/diff';
import type { AgentDocument } from '../../model';

export type SideBySide =
  | { mode: 'text'; original: string; modified: string; language: 'plaintext' | 'json' | 'typescript' }
  | { mode: 'short'; old: string; new: string };

/** Fields that are prose or code: always in the diff editor, however short. */
const TEXT_FIELDS = new Set(['description', 'instructions', 'implementation', 'persona', 'prompt', 'docstring', 'body', 'notes']);
const LONG = 60;

const asText = (value: unknown): string => (value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value, null, 2));
const shortText = (value: unknown): string => (value === undefined ? '(none)' : typeof value === 'string' ? value : JSON.stringify(value));

type Collection = 'blocks' | 'stages' | 'edges' | 'tools' | 'state';
const COLLECTION: Partial<Record<AgentDifference['entity']['kind'], Collection>> = { block: 'blocks', stage: 'stages', edge: 'edges', tool: 'tools', state: 'state' };

function entityOf(doc: AgentDocument, kind: AgentDifference['entity']['kind'], id: string | undefined): unknown {
  if (!id) return undefined;
  if (kind === 'test') return (doc.tests ?? []).find((t) => t.name === id);
  const collection = COLLECTION[kind];
  return collection ? (doc[collection] as { id: string }[]).find((x) => x.id === id) : undefined;
}

/** `base` is the "before", `doc` the open agent. */
export function sideBySideOf(d: AgentDifference, base: AgentDocument, doc: AgentDocument): SideBySide {
  if (d.change === 'added' || d.change === 'removed') {
    // The whole entity beside nothing: what came or went.
    const before = d.change === 'removed' ? entityOf(base, d.entity.kind, d.entity.a) : undefined;
    const after = d.change === 'added' ? entityOf(doc, d.entity.kind, d.entity.b) : undefined;
    return { mode: 'text', original: asText(before), modified: asText(after), language: 'json' };
  }
  const head = String(d.field[0] ?? '');
  if (head === 'parameters' && d.entity.kind === 'tool') {
    // A schema reads whole: the parameters before and after, pretty-printed.
    const before = entityOf(base, 'tool', d.entity.a) as { parameters?: unknown } | undefined;
    const after = entityOf(doc, 'tool', d.entity.b) as { parameters?: unknown } | undefined;
    return { mode: 'text', original: asText(before?.parameters), modified: asText(after?.parameters), language: 'json' };
  }
  const structured = (typeof d.old === 'object' && d.old !== null) || (typeof d.new === 'object' && d.new !== null);
  const long = asText(d.old).length > LONG || asText(d.new).length > LONG || /\n/.test(asText(d.old) + asText(d.new));
  if (TEXT_FIELDS.has(head) || structured || long) {
    return { mode: 'text', original: asText(d.old), modified: asText(d.new), language: head === 'implementation' ? 'typescript' : structured ? 'json' : 'plaintext' };
  }
  return { mode: 'short', old: shortText(d.old), new: shortText(d.new) };
}
