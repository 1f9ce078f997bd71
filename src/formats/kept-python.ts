// What a class read from Python keeps as Python (runtimes/pinecall/format/python/preserved.ts): the team's
// tool bodies, helpers, environment and view. Only the Python export writes them back; every other
// format (Pinecall TypeScript, Block Agent YAML) loses them, and says so here, path by path.
import type { AgentDocument } from '../model';
import type { AddLoss } from '../model/loss';
import { pointer } from '../model/lint/pointer';

/** A kept piece with something in it (text, a non-empty list or map). */
const said = (value: unknown): boolean =>
  typeof value === 'string' ? value !== '' : Array.isArray(value) ? value.length > 0 : value !== null && typeof value === 'object' && Object.keys(value).length > 0;

export function keptPythonLosses(doc: AgentDocument, add: AddLoss): void {
  const kept = doc.preserved?.pinecallPython as Record<string, unknown> | undefined;
  if (!kept) return;
  const at = (key: string) => pointer('preserved', 'pinecallPython', key);
  const agent = { kind: 'agent' as const };
  const bodies = (kept.bodies ?? {}) as Record<string, string>;
  for (const name of Object.keys(bodies)) {
    const tool = doc.tools.find((t) => t.name === name);
    add(at('bodies'), tool ? { kind: 'tool', id: tool.id } : agent, 'Python tool body',
      `${name}'s body is Python, kept for the Python export only: the method here returns its mock (or its arguments) until the body is written in this language`);
  }
  const pieces: [string, string, string][] = [
    ['members', 'Python class members', 'the class\'s helpers, properties and environment settings are Python: port them by hand'],
    ['before', 'Python module code', 'the imports, constants and helpers around the class are Python: port them by hand'],
    ['after', 'Python module code', 'the code after the class is Python: port it by hand'],
    ['classDecorators', 'Python class decorators', 'the class\'s decorators (@llm, @voice…) are Python\'s way of declaring its environment: declare it this format\'s way'],
    ['whens', 'Python when', 'a when= the document could not read is Python: the tool is offered as if it held'],
    ['view', 'Jinja view', 'the view is Jinja beyond placeholders, kept for the Python export only: write each stage\'s instructions here'],
  ];
  for (const [key, feature, why] of pieces) {
    if (said(kept[key])) add(at(key), agent, feature, why);
  }
}
