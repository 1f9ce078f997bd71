// What one undo step did, in a few words ("delete tool book", "edit stage greet"), read off the two
// documents it lies between. Undo and redo say it out loud, so a person knows what came back or went;
// computed from the documents, not from each caller's label, because most edits (every inspector
// field) carry no label, and a label like "delete" says too little.
import { edgeName } from './describe';
import type { AgentDocument } from './types';

type Kind = 'block' | 'stage' | 'tool' | 'state' | 'edge' | 'test';

interface Named {
  id: string;
  name: string;
}

const NOUN: Record<Kind, [one: string, many: string]> = {
  block: ['block', 'blocks'],
  stage: ['stage', 'stages'],
  tool: ['tool', 'tools'],
  state: ['state field', 'state fields'],
  edge: ['edge', 'edges'],
  test: ['test', 'tests'],
};

/** In the order a summary names them: what a person made before what hangs off it. */
const KINDS: Kind[] = ['block', 'stage', 'tool', 'state', 'edge', 'test'];

function entities(doc: AgentDocument, kind: Kind): Map<string, { item: unknown; name: string }> {
  const named = (items: readonly Named[]) => new Map(items.map((item) => [item.id, { item, name: item.name }]));
  switch (kind) {
    case 'block': return named(doc.blocks);
    case 'stage': return named(doc.stages);
    case 'tool': return named(doc.tools);
    case 'state': return named(doc.state);
    case 'edge': return new Map(doc.edges.map((e) => [e.id, { item: e, name: edgeName(doc, e.id) }]));
    case 'test': return new Map((doc.tests ?? []).map((t) => [t.name, { item: t, name: t.name }]));
  }
}

type Found = Record<Kind, string[]>;
const none = (): Found => ({ block: [], stage: [], tool: [], state: [], edge: [], test: [] });

/** "tool book", "3 edges", "stage verify and 3 edges". */
function phrase(found: Found): string {
  const parts = KINDS.filter((k) => found[k].length > 0).map((k) => {
    const names = found[k];
    return names.length === 1 ? `${NOUN[k][0]} ${names[0]}` : `${names.length} ${NOUN[k][1]}`;
  });
  if (parts.length <= 1) return parts[0] ?? '';
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

const count = (found: Found) => KINDS.reduce((n, k) => n + found[k].length, 0);

/**
 * Says what changed from `before` to `after`: what was deleted, else added, else edited, else moved.
 * `label` is the caller's word for it: one word ("delete", "duplicate") becomes the verb; more
 * ("Save as test") is taken whole.
 */
export function describeChange(before: AgentDocument, after: AgentDocument, label?: string): string {
  const given = label?.trim();
  if (given && /\s/.test(given)) return given;
  const removed = none();
  const added = none();
  const edited = none();
  for (const kind of KINDS) {
    const was = entities(before, kind);
    const is = entities(after, kind);
    for (const [id, { name }] of was) if (!is.has(id)) removed[kind].push(name);
    for (const [id, now] of is) {
      const old = was.get(id);
      if (!old) added[kind].push(now.name);
      else if (old.item !== now.item) edited[kind].push(now.name);
    }
  }
  const moved = none();
  for (const kind of ['block', 'stage'] as const) {
    for (const [id, { name }] of entities(after, kind)) {
      const [a, b] = [before.layout.positions[id], after.layout.positions[id]];
      if (a && b && (a.x !== b.x || a.y !== b.y)) moved[kind].push(name);
    }
  }
  const [verb, what] = count(removed) > 0 ? ['delete', phrase(removed)]
    : count(added) > 0 ? ['add', phrase(added)]
      : count(edited) > 0 ? ['edit', phrase(edited)]
        : count(moved) > 0 ? ['move', phrase(moved)]
          : before.layout !== after.layout ? ['edit', 'the layout']
            : ['edit', `agent ${after.name || 'settings'}`];
  return `${given || verb} ${what}`;
}
