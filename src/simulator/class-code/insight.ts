// What the panels show of an agent's own code before (and beside) any run, read statically with the
// TypeScript parser alone, no agent code run: what each tool needs that cannot run here
// (needs.ts), the getters that are derived state, and which of those read a pii field. Computed in
// the engine worker (run/engine-api.ts), since the parser is too big for the page's first load.
import type { AgentDocument } from '../../model';
import { derivedNames } from '../derived';
import { helperNeeds, type ToolNeeds } from './needs';
import { classCodeOf, type ClassCode } from './read';
import { parsePiece, refsOf } from './refs';

export interface ClassInsight {
  /** Per function tool with an implementation, in the document's order: helperNeeds. */
  tools: ToolNeeds[];
  /** The getters that are derived state (no field shadows them), in the class's order. */
  getters: string[];
  /**
   * Getters that read a pii state field, directly or through the class's other members: the state
   * panel masks their values as it masks the field (`get caller() { return this.patient.name }`).
   */
  piiGetters: string[];
}

/** The `this.<name>`s a member reads, by member name (a getter and its setter together). */
function membersRead(code: ClassCode): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const member of code.members) {
    const root = parsePiece(`class __M {\n${member.source}\n}`).statements[0];
    if (!root) continue;
    const read = out.get(member.name) ?? new Set<string>();
    for (const name of refsOf(root).thisMembers) read.add(name);
    out.set(member.name, read);
  }
  return out;
}

/** The state fields a member reads, following the members it reads in turn (each once). */
export function fieldsReadBy(doc: AgentDocument, member: string): string[] {
  const fields = new Set(doc.state.map((f) => f.name));
  const reads = membersRead(classCodeOf(doc));
  const found = new Set<string>();
  const seen = new Set<string>([member]);
  const queue = [member];
  while (queue.length) {
    for (const name of reads.get(queue.shift()!) ?? []) {
      if (fields.has(name)) found.add(name);
      else if (reads.has(name) && !seen.has(name)) {
        seen.add(name);
        queue.push(name);
      }
    }
  }
  return doc.state.map((f) => f.name).filter((name) => found.has(name));
}

export function classInsight(doc: AgentDocument): ClassInsight {
  const pii = new Set(doc.state.filter((f) => f.pii).map((f) => f.name));
  const getters = derivedNames(doc);
  return {
    tools: helperNeeds(doc),
    getters,
    piiGetters: pii.size ? getters.filter((g) => fieldsReadBy(doc, g).some((f) => pii.has(f))) : [],
  };
}
