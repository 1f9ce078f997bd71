// The getters a Pinecall class keeps as code (`get petLabel() {…}`): derived state, which a
// template or the view may name like a field. Read from the members the importer kept as written
// (`preserved.pinecall.members`, and the base classes' `baseMembers`), one member a string, with
// no parser: lint and the exporter both ask, and neither loads TypeScript.
import type { AgentDocument } from './types';

/** A kept member that is a getter (comments and modifiers before it): its name. */
const GETTER = /^(?:\s*(?:\/\/[^\n]*|\/\*[^]*?\*\/))*\s*(?:(?:public|protected|private|override)\s+)*get\s+([A-Za-z_$][\w$]*)\s*\(/;

/** The getters among a class's kept members. */
export const getterNames = (members: readonly string[]): string[] =>
  members.map((m) => GETTER.exec(m)?.[1]).filter((name): name is string => name !== undefined);

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/** The getters of the class a document was imported from (none for another document). */
export function classGetterNames(doc: AgentDocument): string[] {
  const kept = doc.preserved?.pinecall;
  if (!kept || typeof kept !== 'object') return [];
  return getterNames([...strings(kept.baseMembers), ...strings(kept.members)]);
}

/** A kept member's name, whatever it is (getter, method, plain field), after comments and modifiers. */
const MEMBER = /^(?:\s*(?:\/\/[^\n]*|\/\*[^]*?\*\/))*\s*(?:@[\w.]+(?:\([^)]*\))?\s*)*(?:(?:public|protected|private|override|static|readonly|async|get|set)\s+)*\*?\s*([A-Za-z_$][\w$]*)/;

/** Every member the class keeps as code (getters, helper methods, plain fields): names a predicate may read. */
export function classMemberNames(doc: AgentDocument): string[] {
  const kept = doc.preserved?.pinecall;
  if (!kept || typeof kept !== 'object') return [];
  return [...strings(kept.baseMembers), ...strings(kept.members)].map((m) => MEMBER.exec(m)?.[1]).filter((name): name is string => name !== undefined);
}
