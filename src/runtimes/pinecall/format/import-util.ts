import ts from 'typescript';
import { isBindable } from '../../../model/names';
import { setOwn } from '../../../model/own';
import { dedentCode } from './js-lexer';
import { holdsProtoKey, jsLiteral } from './js-literal';

/** A problem of the class file, 1-based like an editor shows it. */
export interface SourceProblem {
  line: number;
  column: number;
  message: string;
}

export class ImportContext {
  readonly errors: SourceProblem[] = [];
  readonly warnings: SourceProblem[] = [];
  constructor(readonly sf: ts.SourceFile) {}

  get text(): string {
    return this.sf.text;
  }

  at(node: ts.Node | number, message: string): SourceProblem {
    const pos = typeof node === 'number' ? node : node.getStart(this.sf);
    const { line, character } = this.sf.getLineAndCharacterOfPosition(pos);
    return { line: line + 1, column: character + 1, message };
  }

  error(node: ts.Node | number, message: string): void {
    this.errors.push(this.at(node, message));
  }

  warn(node: ts.Node | number, message: string): void {
    this.warnings.push(this.at(node, message));
  }
}

/** Comments in front of a node (before its decorators and modifiers), as source ranges. */
export function leadingComments(sf: ts.SourceFile, node: ts.Node): ts.CommentRange[] {
  return ts.getLeadingCommentRanges(sf.text, node.getFullStart()) ?? [];
}

const isJsDoc = (sf: ts.SourceFile, range: ts.CommentRange) =>
  range.kind === ts.SyntaxKind.MultiLineCommentTrivia && sf.text.startsWith('/**', range.pos) && !sf.text.startsWith('/**/', range.pos);

/**
 * The JSDoc a node is read from, with its range, and every other comment above it. As Pinecall's
 * `docAt`: only whitespace may stand between the JSDoc and the node (its decorators are part of
 * it), so a `//` line after the JSDoc leaves the node without one; that JSDoc is kept as a comment.
 */
export function splitComments(sf: ts.SourceFile, node: ts.Node): { jsDoc?: ts.CommentRange & { text: string }; others: string } {
  const ranges = leadingComments(sf, node);
  const last = ranges.length - 1;
  const docIndex = last >= 0 && isJsDoc(sf, ranges[last]) ? last : -1;
  const others = ranges.filter((_, i) => i !== docIndex).map((r) => withIndent(sf, r.pos, r.end)).join('\n');
  const doc = ranges[docIndex];
  return { jsDoc: doc ? { ...doc, text: sf.text.slice(doc.pos, doc.end) } : undefined, others };
}

/** Source text from `start` to `end`, given the indentation of its first line, then dedented. */
export function withIndent(sf: ts.SourceFile, start: number, end: number): string {
  const lineStart = sf.text.lastIndexOf('\n', start - 1) + 1;
  const lead = sf.text.slice(lineStart, start);
  return dedentCode((/^[ \t]*$/.test(lead) ? lead : '') + sf.text.slice(start, end));
}

/** A node's text with every comment above it, dedented: how unmodelled members and statements are kept. */
export function textWithComments(sf: ts.SourceFile, node: ts.Node): string {
  const ranges = leadingComments(sf, node);
  return withIndent(sf, ranges.length ? ranges[0].pos : node.getStart(sf), node.end);
}

/**
 * The code between a block's braces as the document keeps it: the line break after `{` and the
 * indentation before `}` dropped, then dedented (js-lexer.ts leaves template-literal lines alone).
 */
export function blockInner(sf: ts.SourceFile, block: ts.Block): string {
  const inner = sf.text.slice(block.getStart(sf) + 1, block.end - 1).replace(/\r\n?/g, '\n');
  const first = /^[ \t]*\n/.exec(inner);
  if (!first) return dedentCode(inner.trim());
  const rest = inner.slice(first[0].length);
  const last = /\n[ \t]*$/.exec(rest);
  return dedentCode(last ? rest.slice(0, last.index) : rest.trimEnd());
}

/** The name of a property or method as a string, or undefined for a computed one. */
export function memberName(name: ts.PropertyName | undefined): string | undefined {
  if (!name) return undefined;
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) || ts.isPrivateIdentifier(name)) return name.text;
  return undefined;
}

/**
 * A key of an object literal as JSON would hold it. `["__proto__"]: v` is the own key __proto__;
 * `__proto__: v` or `"__proto__": v` is no key at all in JavaScript (it sets the object's
 * prototype), so such an object is not a JSON value (undefined).
 */
function literalKey(name: ts.PropertyName): string | undefined {
  if (ts.isComputedPropertyName(name)) {
    const e = name.expression;
    return ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e) ? e.text : undefined;
  }
  if (ts.isPrivateIdentifier(name)) return undefined;
  const key = memberName(name);
  return key === '__proto__' ? undefined : key;
}

/** The JSON value of a literal expression (strings, numbers, booleans, null, arrays and objects of them). */
export function literalValue(node: ts.Expression): { ok: true; value: unknown } | { ok: false } {
  if (ts.isParenthesizedExpression(node)) return literalValue(node.expression);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return { ok: true, value: node.text };
  if (ts.isNumericLiteral(node)) return { ok: true, value: Number(node.text) };
  if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.MinusToken && ts.isNumericLiteral(node.operand)) {
    return { ok: true, value: -Number(node.operand.text) };
  }
  if (node.kind === ts.SyntaxKind.TrueKeyword) return { ok: true, value: true };
  if (node.kind === ts.SyntaxKind.FalseKeyword) return { ok: true, value: false };
  if (node.kind === ts.SyntaxKind.NullKeyword) return { ok: true, value: null };
  if (ts.isArrayLiteralExpression(node)) {
    const values: unknown[] = [];
    for (const element of node.elements) {
      const v = literalValue(element);
      if (!v.ok) return v;
      values.push(v.value);
    }
    return { ok: true, value: values };
  }
  if (ts.isObjectLiteralExpression(node)) {
    const value: Record<string, unknown> = {};
    for (const p of node.properties) {
      const key = ts.isPropertyAssignment(p) ? literalKey(p.name) : undefined;
      if (key === undefined || !ts.isPropertyAssignment(p)) return { ok: false };
      const v = literalValue(p.initializer);
      if (!v.ok) return v;
      setOwn(value, key, v.value);
    }
    return { ok: true, value };
  }
  return { ok: false };
}

/** `x` or `x(...)`: the decorator named `name`, with its call arguments (none for a bare decorator). */
export function findDecorator(node: ts.HasDecorators, name: string): { decorator: ts.Decorator; args: readonly ts.Expression[] } | undefined {
  for (const decorator of ts.getDecorators(node) ?? []) {
    const e = decorator.expression;
    if (ts.isIdentifier(e) && e.text === name) return { decorator, args: [] };
    if (ts.isCallExpression(e) && ts.isIdentifier(e.expression) && e.expression.text === name) return { decorator, args: e.arguments };
  }
  return undefined;
}

/** `this.name` (one level): the name, else undefined. */
export function thisProperty(node: ts.Expression): string | undefined {
  return ts.isPropertyAccessExpression(node) && node.expression.kind === ts.SyntaxKind.ThisKeyword && ts.isIdentifier(node.name) ? node.name.text : undefined;
}

/** An expression's source with `this.` removed before each `this.<name>` (a state expression as the document writes it). */
export function withoutThis(sf: ts.SourceFile, node: ts.Expression): string {
  const start = node.getStart(sf);
  const cuts: [number, number][] = [];
  const visit = (n: ts.Node) => {
    // `this.class` stays: a reserved word cannot stand as a free name (js-lexer's withoutThisPrefix keeps it too).
    if (ts.isPropertyAccessExpression(n) && n.expression.kind === ts.SyntaxKind.ThisKeyword && isBindable(n.name.text)) cuts.push([n.expression.getStart(sf), n.name.getStart(sf)]);
    n.forEachChild(visit);
  };
  visit(node);
  let text = sf.text.slice(start, node.end);
  for (const [from, to] of cuts.sort((a, b) => b[0] - a[0])) text = text.slice(0, from - start) + text.slice(to - start);
  return text;
}

/**
 * The value of `text` when it is exactly what jsLiteral writes (JSON, or JSON with
 * `["__proto__"]` keys); undefined otherwise, and then the text is code, not a value.
 */
export function readJsLiteral(text: string): { value: unknown } | undefined {
  try {
    const value: unknown = JSON.parse(text);
    if (!holdsProtoKey(value)) return { value };
  } catch {
    // Not JSON: maybe JSON with a computed key.
  }
  const sf = ts.createSourceFile('value.ts', `(${text})`, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const [statement] = sf.statements;
  if (sf.statements.length !== 1 || !ts.isExpressionStatement(statement)) return undefined;
  const read = literalValue(statement.expression);
  return read.ok && jsLiteral(read.value) === text ? { value: read.value } : undefined;
}
