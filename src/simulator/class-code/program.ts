// The agent's own code as the sandbox runs it beside a tool or a getter (sandbox/agent-code.ts):
// the class's helper methods and getters, the file's top-level declarations and the stubs with
// the document's mock answers. Made once per document (documents are immutable).
import type { AgentDocument } from '../../model';
import type { AgentCode, StubSpec } from '../sandbox/agent-code';
import { transpileMember } from '../sandbox/transpile';
import { helperMocksOf } from './mocks';
import { stubbedNames } from './needs';
import { classCodeOf, type ClassMember } from './read';

/**
 * A member that does not transpile on its own is replaced by one of the same name that throws
 * what is wrong with it: a broken helper then fails the tools that call it, not every tool.
 */
function memberSource(member: ClassMember): string {
  const checked = transpileMember(member.source);
  if (checked.ok) return member.source;
  const key = JSON.stringify(member.name);
  const thrown = `throw new Error(${JSON.stringify(`this.${member.name} could not be read: ${checked.error}`)});`;
  if (member.kind === 'getter') return `get ${key}() { ${thrown} }`;
  if (member.kind === 'setter') return `set ${key}(value) { ${thrown} }`;
  return `${key}() { ${thrown} }`;
}

function stubsOf(doc: AgentDocument): StubSpec[] {
  const mocks = helperMocksOf(doc);
  const namespaces = new Set(classCodeOf(doc).imports.filter((i) => i.imported === '*').map((i) => i.local));
  return stubbedNames(doc)
    // The world's calls are Pinecall's; a Block Agent tool's `this` has no such members.
    .filter(({ need }) => need.kind === 'import' || doc.target === 'pinecall')
    .map(({ need, called }) => {
      const spec: StubSpec = { ...need, called, ...(namespaces.has(need.helper) ? { namespace: true } : {}) };
      // Through JSON text, so each call of the stub answers a fresh copy the tool may change.
      const mock = Object.hasOwn(mocks, need.helper) ? JSON.stringify(mocks[need.helper]) : undefined;
      return mock === undefined ? spec : { ...spec, mock };
    });
}

const cache = new WeakMap<AgentDocument, AgentCode>();

/** What runs beside every tool and getter of `doc`; empty pieces are left out. */
export function agentCodeOf(doc: AgentDocument): AgentCode {
  const known = cache.get(doc);
  if (known) return known;
  const code = classCodeOf(doc);
  const helpers = code.members.map(memberSource).join('\n\n');
  const stubs = stubsOf(doc);
  const out: AgentCode = {
    ...(helpers ? { helpers } : {}),
    ...(code.declarations.length ? { declarations: code.declarations } : {}),
    ...(stubs.length ? { stubs } : {}),
    ...(code.views.length ? { views: code.views } : {}),
  };
  cache.set(doc, out);
  return out;
}
