// A Pinecall file parsed within MAX_FILE_DEPTH (model/limits.ts). The TypeScript parser is
// recursive: 500 nested `{ a: { a: … } }` types already overflow Node's stack, and what reads the
// tree afterwards recurses too. Nesting is counted the way a reader sees it, by brackets: a node
// inside another's parentheses, brackets, braces, `<…>`, `${…}` or JSX element is one level in;
// `a.b().c()` and `a + b + c` chains are not nesting. Those chains are bounded apart, by the depth
// of the tree (MAX_SYNTAX_DEPTH), which is what the recursive walks of conditions and `when` meet.
// A file past either bound is refused at the line and column where it passes it; one the parser
// itself cannot finish gets the same message, located by counting brackets in the text.
import ts from 'typescript';
import { fileTooDeepMessage, formatCount, MAX_FILE_DEPTH, MAX_SYNTAX_DEPTH } from '../../../model/limits';
import type { SourceProblem } from './import-util';

/** Nodes whose every child stands inside their brackets. */
const BRACKETED = new Set<ts.SyntaxKind>([
  ts.SyntaxKind.ParenthesizedExpression, ts.SyntaxKind.ParenthesizedType, ts.SyntaxKind.ArrayLiteralExpression,
  ts.SyntaxKind.ObjectLiteralExpression, ts.SyntaxKind.Block, ts.SyntaxKind.ModuleBlock, ts.SyntaxKind.CaseBlock,
  ts.SyntaxKind.TypeLiteral, ts.SyntaxKind.TupleType, ts.SyntaxKind.MappedType, ts.SyntaxKind.ClassDeclaration,
  ts.SyntaxKind.ClassExpression, ts.SyntaxKind.InterfaceDeclaration, ts.SyntaxKind.EnumDeclaration,
  ts.SyntaxKind.TemplateSpan, ts.SyntaxKind.TemplateLiteralTypeSpan, ts.SyntaxKind.JsxElement, ts.SyntaxKind.JsxFragment,
  ts.SyntaxKind.JsxSelfClosingElement, ts.SyntaxKind.JsxExpression, ts.SyntaxKind.NamedImports, ts.SyntaxKind.NamedExports,
  ts.SyntaxKind.ObjectBindingPattern, ts.SyntaxKind.ArrayBindingPattern,
]);

/** Whether `child` stands inside `parent`'s brackets: a call's arguments, not its callee; a type's `<…>`, not its name. */
function inside(parent: ts.Node, child: ts.Node): boolean {
  if (ts.isCallExpression(parent) || ts.isNewExpression(parent) || ts.isElementAccessExpression(parent)) return child !== parent.expression;
  if (ts.isTaggedTemplateExpression(parent)) return child !== parent.tag;
  if (ts.isTypeReferenceNode(parent)) return child !== parent.typeName;
  if (ts.isExpressionWithTypeArguments(parent)) return child !== parent.expression;
  if (ts.isIndexedAccessTypeNode(parent)) return child === parent.indexType;
  return BRACKETED.has(parent.kind);
}

export interface TooDeepSyntax {
  pos: number;
  /** Brackets (`nesting`) or every step of the tree (`syntax`). */
  kind: 'nesting' | 'syntax';
  /** How deep the file goes, in that measure. */
  depth: number;
}

/** The first node nested deeper than `limit` brackets or `syntaxLimit` tree levels, and how deep the file goes; iterative. */
export function astTooDeep(sf: ts.SourceFile, limit = MAX_FILE_DEPTH, syntaxLimit = MAX_SYNTAX_DEPTH): TooDeepSyntax | undefined {
  let first: TooDeepSyntax | undefined;
  const deepest = { nesting: 0, syntax: 0 };
  const stack: { node: ts.Node; depth: number; steps: number }[] = [{ node: sf, depth: 0, steps: 0 }];
  while (stack.length > 0) {
    const { node, depth, steps } = stack.pop()!;
    ts.forEachChild(node, (child) => {
      const level = depth + (inside(node, child) ? 1 : 0);
      deepest.nesting = Math.max(deepest.nesting, level);
      deepest.syntax = Math.max(deepest.syntax, steps + 1);
      if (!first && level > limit) first = { pos: child.getStart(sf), kind: 'nesting', depth: 0 };
      if (!first && steps + 1 > syntaxLimit) first = { pos: child.getStart(sf), kind: 'syntax', depth: 0 };
      stack.push({ node: child, depth: level, steps: steps + 1 });
    });
  }
  return first && { ...first, depth: deepest[first.kind] };
}

/** Where the brackets of `text` first nest deeper than `limit` (strings and comments skipped by TypeScript's scanner). */
function bracketTooDeep(text: string, limit: number): number | undefined {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, text);
  let depth = 0;
  for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
    if (token === ts.SyntaxKind.OpenParenToken || token === ts.SyntaxKind.OpenBracketToken || token === ts.SyntaxKind.OpenBraceToken || token === ts.SyntaxKind.LessThanToken) {
      if (++depth > limit) return scanner.getTokenStart();
    } else if (token === ts.SyntaxKind.CloseParenToken || token === ts.SyntaxKind.CloseBracketToken || token === ts.SyntaxKind.CloseBraceToken || token === ts.SyntaxKind.GreaterThanToken) {
      depth = Math.max(0, depth - 1);
    }
  }
  return undefined;
}

function position(text: string, pos: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < pos; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: pos - lineStart + 1 };
}

/** The class file parsed, or the located reason it is not read: nesting past MAX_FILE_DEPTH. */
export function parseWithinBounds(text: string): { ok: true; sf: ts.SourceFile } | { ok: false; error: SourceProblem } {
  let sf: ts.SourceFile;
  try {
    sf = ts.createSourceFile('agent.tsx', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    const at = bracketTooDeep(text, MAX_FILE_DEPTH) ?? 0;
    return { ok: false, error: { ...position(text, at), message: `${fileTooDeepMessage('the file', 0)} (the TypeScript parser ran out of stack here)` } };
  }
  const deep = astTooDeep(sf);
  if (!deep) return { ok: true, sf };
  const { line, character } = sf.getLineAndCharacterOfPosition(deep.pos);
  const message = deep.kind === 'nesting'
    ? fileTooDeepMessage('the file', deep.depth)
    : `the code here goes ${formatCount(deep.depth)} steps deep (each operator of a + b + …, each call of a.b().c()…, each nested expression is one); Callboard reads at most ${formatCount(MAX_SYNTAX_DEPTH)}: split it into shorter statements`;
  return { ok: false, error: { line: line + 1, column: character + 1, message } };
}
