import ts from 'typescript';
import type { ChainEntry, GuardTerm, ToolChain } from '../../../model/tool-chains';
import { thisProperty, withoutThis, type ImportContext } from './import-util';

/**
 * The exporter's edge shape (edge-chains.ts), read back from a tool body:
 *
 *   const result = await (async () => { <body> })();
 *   if (<terms>) this.stage = "x"; else if (…) …; else this.stage = "y";
 *   return result;
 *
 * Anything else — another statement, a term or a target it cannot read — is not the shape, and the
 * whole body stays code (its `this.stage` writes included).
 */
export interface ChainRead {
  /** The body inside the wrapper. */
  inner: ts.Block;
  chain: ToolChain;
}

export interface ChainScope {
  tool: string;
  /** The stages the tool is offered in. */
  visible: string[];
  /** Every stage of the class: a target must be one. */
  stages: string[];
  params: string[];
}

export function readChain(ctx: ImportContext, block: ts.Block, scope: ChainScope): ChainRead | undefined {
  if (block.statements.length !== 3) return undefined;
  const [first, moves, last] = block.statements;
  const wrapped = wrappedBody(first);
  if (!wrapped || !ts.isReturnStatement(last) || !last.expression || !ts.isIdentifier(last.expression) || last.expression.text !== wrapped.result) return undefined;
  const inner = wrapped.body;
  const guarded = scope.visible.length > 1;
  const entries: ChainEntry[] = [];
  for (let current: ts.Statement | undefined = moves; current; ) {
    const conditional = ts.isIfStatement(current);
    const move = stageMove(ctx, conditional ? (current as ts.IfStatement).thenStatement : current);
    if (!move || !scope.stages.includes(move.to)) return undefined;
    const terms = conditional ? readTerms(ctx, (current as ts.IfStatement).expression, scope.params) : { terms: [] };
    const from = terms.stage ?? (guarded ? undefined : scope.visible[0]);
    if (from === undefined || !scope.visible.includes(from)) return undefined;
    entries.push({ from, to: move.to, stateEdge: move.stateEdge, terms: terms.terms });
    current = conditional ? (current as ts.IfStatement).elseStatement : undefined;
  }
  return { inner, chain: { tool: scope.tool, guarded, entries } };
}

/**
 * `const result = await (async () => { … })();` → the arrow function's body, and the name it is
 * kept under (`result`, or `result_2` in a tool that has a parameter named `result`).
 */
function wrappedBody(statement: ts.Statement): { body: ts.Block; result: string } | undefined {
  if (!ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const)) return undefined;
  const [declaration, ...more] = statement.declarationList.declarations;
  if (more.length || !ts.isIdentifier(declaration.name) || !/^result(_\d+)?$/.test(declaration.name.text) || !declaration.initializer) return undefined;
  const awaited = declaration.initializer;
  if (!ts.isAwaitExpression(awaited) || !ts.isCallExpression(awaited.expression) || awaited.expression.arguments.length) return undefined;
  const callee = awaited.expression.expression;
  if (!ts.isParenthesizedExpression(callee) || !ts.isArrowFunction(callee.expression)) return undefined;
  const arrow = callee.expression;
  const isAsync = arrow.modifiers?.some((m) => m.kind === ts.SyntaxKind.AsyncKeyword);
  return isAsync && arrow.parameters.length === 0 && ts.isBlock(arrow.body) ? { body: arrow.body, result: declaration.name.text } : undefined;
}

/** `this.stage = "x";` (with the `// state edge` mark or not). */
function stageMove(ctx: ImportContext, statement: ts.Statement): { to: string; stateEdge: boolean } | undefined {
  if (!ts.isExpressionStatement(statement)) return undefined;
  const e = statement.expression;
  if (!ts.isBinaryExpression(e) || e.operatorToken.kind !== ts.SyntaxKind.EqualsToken || thisProperty(e.left) !== 'stage' || !ts.isStringLiteral(e.right)) return undefined;
  const trailing = ts.getTrailingCommentRanges(ctx.text, statement.end) ?? [];
  const stateEdge = trailing.some((c) => ctx.text.slice(c.pos, c.end).trim() === '// state edge');
  return { to: e.right.text, stateEdge };
}

function conjuncts(e: ts.Expression): ts.Expression[] {
  return ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken ? [...conjuncts(e.left), ...conjuncts(e.right)] : [e];
}

/** `String(x)`, or `globalThis.String(x)` (what the exporter writes where a parameter is named String). */
const isCallOf = (e: ts.Expression, name: string): e is ts.CallExpression =>
  ts.isCallExpression(e) && e.arguments.length === 1 && (
    (ts.isIdentifier(e.expression) && e.expression.text === name) ||
    (ts.isPropertyAccessExpression(e.expression) && ts.isIdentifier(e.expression.expression) && e.expression.expression.text === 'globalThis' && e.expression.name.text === name));

function readTerms(ctx: ImportContext, condition: ts.Expression, params: string[]): { stage?: string; terms: GuardTerm[] } {
  const parts = conjuncts(condition);
  let stage: string | undefined;
  const first = parts[0];
  if (ts.isBinaryExpression(first) && first.operatorToken.kind === ts.SyntaxKind.EqualsEqualsEqualsToken && thisProperty(first.left) === 'stage' && ts.isStringLiteral(first.right)) {
    stage = first.right.text;
    parts.shift();
  }
  return { stage, terms: parts.map((part) => readTerm(ctx, part, params)) };
}

function readTerm(ctx: ImportContext, part: ts.Expression, params: string[]): GuardTerm {
  if (ts.isBinaryExpression(part) && ts.isStringLiteral(part.right)) {
    const { left, operatorToken: op } = part;
    // String(p).toLowerCase() === "v"
    if (op.kind === ts.SyntaxKind.EqualsEqualsEqualsToken && ts.isCallExpression(left) && left.arguments.length === 0 &&
      ts.isPropertyAccessExpression(left.expression) && left.expression.name.text === 'toLowerCase' && isCallOf(left.expression.expression, 'String')) {
      const arg = left.expression.expression.arguments[0];
      if (ts.isIdentifier(arg) && params.includes(arg.text)) return { kind: 'value', param: arg.text, expected: part.right.text };
    }
    // String(p ?? "") !== ""
    if (op.kind === ts.SyntaxKind.ExclamationEqualsEqualsToken && part.right.text === '' && isCallOf(left, 'String')) {
      const arg = left.arguments[0];
      if (ts.isBinaryExpression(arg) && arg.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken && ts.isIdentifier(arg.left) &&
        params.includes(arg.left.text) && ts.isStringLiteral(arg.right) && arg.right.text === '') return { kind: 'nonEmpty', param: arg.left.text };
    }
  }
  const expression = ts.isParenthesizedExpression(part) ? part.expression : part;
  return { kind: 'expression', expression: withoutThis(ctx.sf, expression) };
}
