// A Pinecall class's knowledge (Pinecall 0.11's environment): `@knowledge(path="…", text="…")` in
// Python, `@knowledge({ path: "…", text: "…" })` in TypeScript. The platform places its text whole
// in the prompt's static knowledge block, between the identity and the tools (pinecall/runtime
// `domain/agent.py` DEFAULT_LAYOUT; `session/_environment.py` takes the declaration's text;
// `session/_prompt.py` Blocks). Read from what the importers kept as written, without running
// code: a text given by an expression is named, never guessed.
import ts from 'typescript';
import type { AgentDocument } from '../../model';

export type ClassKnowledge = { text: string } | { fromCode: string };

const cache = new WeakMap<object, ClassKnowledge | null>();

/** The class's knowledge, when it declares one. */
export function classKnowledge(doc: AgentDocument): ClassKnowledge | undefined {
  if (doc.target !== 'pinecall') return undefined;
  if (doc.language === 'python') {
    const knowledge = (doc.preserved?.pinecallPython as { knowledge?: ClassKnowledge } | undefined)?.knowledge;
    return knowledge && (typeof (knowledge as { text?: unknown }).text === 'string' || typeof (knowledge as { fromCode?: unknown }).fromCode === 'string') ? knowledge : undefined;
  }
  const kept = doc.preserved?.pinecall as { classDecorators?: unknown } | undefined;
  if (doc.language === 'ruby' || !kept || typeof kept !== 'object') return undefined;
  if (!cache.has(kept)) cache.set(kept, readDecorators(Array.isArray(kept.classDecorators) ? kept.classDecorators : []));
  return cache.get(kept) ?? undefined;
}

function readDecorators(decorators: unknown[]): ClassKnowledge | null {
  for (const source of decorators) {
    // Only a decorator that could be the knowledge is parsed at all.
    if (typeof source !== 'string' || !/^@\s*knowledge\s*\(/.test(source.trim())) continue;
    const sf = ts.createSourceFile('decorator.ts', `(${source.trim().slice(1)});`, ts.ScriptTarget.ES2020, true, ts.ScriptKind.TS);
    const statement = sf.statements[0];
    let call: ts.Expression | undefined = statement && ts.isExpressionStatement(statement) ? statement.expression : undefined;
    while (call && ts.isParenthesizedExpression(call)) call = call.expression;
    if (!call || !ts.isCallExpression(call)) continue;
    const options = call.arguments[0];
    if (!options || !ts.isObjectLiteralExpression(options)) continue;
    const text = options.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === 'text');
    if (!text) continue;
    const value = text.initializer;
    return ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value) ? { text: value.text } : { fromCode: value.getText(sf) };
  }
  return null;
}
