import type { StageFlow } from '../code-flow';
import type { AgentDocument, Tool } from '../types';
import type { LintContext } from './types';
import { editDistance } from '../edit-distance';

export function buildContext(doc: AgentDocument, stageFlow?: StageFlow): LintContext {
  return {
    ...(stageFlow ? { stageFlow } : {}),
    doc,
    target: doc.target,
    stageById: new Map(doc.stages.map((s) => [s.id, s])),
    blockById: new Map(doc.blocks.map((b) => [b.id, b])),
    toolById: new Map(doc.tools.map((t) => [t.id, t])),
    stateNames: new Set(doc.state.map((f) => f.name)),
  };
}

/** How messages name a tool: by its name, or by position when it has none yet. */
export const toolLabel = (tool: Tool, index: number): string => `tool ${tool.name || `#${index + 1}`}`;

/** "a", "b" and "c" as `"a", "b", "c"`; a fixed phrase when there is nothing to list. */
export function quoteList(items: Iterable<string>, none = '(none yet)'): string {
  const list = [...items].map((s) => `"${s}"`);
  return list.length ? list.join(', ') : none;
}

/** A name Pinecall and OpenAI both accept, derived from a rejected one (for "write … instead"). */
export function suggestToolName(name: string): string {
  const word = name.trim().replace(/[^A-Za-z0-9_]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 64);
  if (!word) return 'do_something';
  return /^[A-Za-z]/.test(word) ? word : `t_${word}`.slice(0, 64);
}

/** ` (closest: "pet")`: the names a slip of two characters away, nearest first; nothing when none is. */
export function closest(name: string, names: Iterable<string>): string {
  const near = [...names].map((n) => ({ n, d: editDistance(name.toLowerCase(), n.toLowerCase()) }))
    .filter(({ d }) => d <= Math.min(2, Math.max(1, Math.floor(name.length / 3))))
    .sort((x, y) => x.d - y.d || x.n.localeCompare(y.n));
  return near.length ? ` (closest: ${quoteList(near.map(({ n }) => n))})` : '';
}
