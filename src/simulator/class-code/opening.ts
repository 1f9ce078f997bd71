// How a Pinecall class opens a call, when it says so itself (Pinecall 0.11's environment:
// pinecall/_opening.py): `static greeting = "…"` is said as written, with no model call;
// `static greeting = improvise("…")` (or `improvise` alone) lets the model open, with the
// instruction if one is given. Read from the class members the importer kept as written.
import ts from 'typescript';
import type { AgentDocument } from '../../model';

export type ClassOpening = { kind: 'words'; text: string } | { kind: 'improvise'; instruction: string };

const cache = new WeakMap<object, ClassOpening | null>();

/** The class's own greeting, if its kept members declare one with a value read without running code. */
export function classOpening(doc: AgentDocument): ClassOpening | undefined {
  // A class in Python: its import read the greeting (runtimes/pinecall/format/python/import.ts).
  if (doc.target === 'pinecall' && doc.language === 'python') {
    const greeting = (doc.preserved?.pinecallPython as { greeting?: ClassOpening } | undefined)?.greeting;
    return greeting && (greeting.kind === 'words' ? typeof greeting.text === 'string' : typeof greeting.instruction === 'string') ? greeting : undefined;
  }
  const kept = doc.preserved?.pinecall as { members?: unknown } | undefined;
  if (doc.target !== 'pinecall' || !kept || typeof kept !== 'object') return undefined;
  if (!cache.has(kept)) cache.set(kept, readOpening(Array.isArray(kept.members) ? kept.members : []));
  return cache.get(kept) ?? undefined;
}

function readOpening(members: unknown[]): ClassOpening | null {
  for (const source of members) {
    // Only a member that could be the greeting is parsed at all.
    if (typeof source !== 'string' || !/\bstatic\s+greeting\b/.test(source)) continue;
    const sf = ts.createSourceFile('member.ts', `class __M {\n${source}\n}`, ts.ScriptTarget.ES2020, true, ts.ScriptKind.TS);
    const cls = sf.statements[0];
    const member = cls && ts.isClassDeclaration(cls) ? cls.members[0] : undefined;
    if (!member || !ts.isPropertyDeclaration(member) || !member.initializer) continue;
    const isStatic = (ts.getCombinedModifierFlags(member) & ts.ModifierFlags.Static) !== 0;
    if (!isStatic || !ts.isIdentifier(member.name) || member.name.text !== 'greeting') continue;
    const value = member.initializer;
    if (ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value)) return { kind: 'words', text: value.text };
    if (ts.isIdentifier(value) && value.text === 'improvise') return { kind: 'improvise', instruction: '' };
    if (ts.isCallExpression(value) && ts.isIdentifier(value.expression) && value.expression.text === 'improvise') {
      const first = value.arguments[0];
      return { kind: 'improvise', instruction: first && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first)) ? first.text : '' };
    }
  }
  return null;
}
