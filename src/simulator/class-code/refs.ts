// What a piece of agent code refers to, read off its syntax tree: free names (a top-level helper,
// an imported one), members of `this` (a helper method, a getter, a world call) and `ns.member`
// of a namespace import. Deliberately syntactic: no scopes beyond the names the piece declares
// itself, so a shadowing local elsewhere can only make it report a need too many, never one too few.
import ts from 'typescript';

export interface CodeRefs {
  /** Free identifiers used as values. */
  names: Set<string>;
  /** `this.<name>` members read, written or called. */
  thisMembers: Set<string>;
  /** `<identifier>.<name>` as written, for namespace imports (`cal.agendaFor`). */
  dotted: Set<string>;
  /** `this.a.b` as `a.b`, for the world's calls (`knowledge.search`). */
  thisDotted: Set<string>;
  /** Names (plain or dotted) that stand where a function is called: `x(…)`, `new x(…)`, a tag. */
  called: Set<string>;
}

/** The name a callee or member chain is written as: `agendaFor`, `cal.agendaFor`, `this.knowledge.search`. */
function chainText(node: ts.Expression): string | undefined {
  if (ts.isIdentifier(node)) return node.text;
  if (node.kind === ts.SyntaxKind.ThisKeyword) return 'this';
  if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.name)) {
    const left = chainText(node.expression);
    return left === undefined ? undefined : `${left}.${node.name.text}`;
  }
  if (ts.isParenthesizedExpression(node) || ts.isNonNullExpression(node)) return chainText(node.expression);
  return undefined;
}

/** Whether an identifier stands as a name being declared or a property key, not as a value read. */
function isNotAReference(id: ts.Identifier): boolean {
  const p = id.parent;
  if (ts.isShorthandPropertyAssignment(p)) return false;
  if (ts.isPropertyAccessExpression(p)) return p.name === id;
  if (ts.isQualifiedName(p)) return true;
  if (ts.isBindingElement(p)) return p.propertyName === id || p.name === id;
  if (ts.isLabeledStatement(p) || ts.isBreakOrContinueStatement(p)) return p.label === id;
  if (ts.isPropertyAssignment(p) || ts.isClassElement(p) || ts.isEnumMember(p) || ts.isTypeElement(p) || ts.isJsxAttribute(p)) return p.name === id;
  return false;
}

/** Names the piece declares for itself (parameters, locals, inner functions): not needs. */
function localNames(root: ts.Node): Set<string> {
  const out = new Set<string>();
  const addBinding = (name: ts.BindingName): void => {
    if (ts.isIdentifier(name)) out.add(name.text);
    else for (const element of name.elements) if (!ts.isOmittedExpression(element)) addBinding(element.name);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) || ts.isParameter(node)) addBinding(node.name);
    if ((ts.isFunctionDeclaration(node) || ts.isClassDeclaration(node) || ts.isFunctionExpression(node) || ts.isClassExpression(node)) && node.name) out.add(node.name.text);
    if (ts.isCatchClause(node) && node.variableDeclaration) addBinding(node.variableDeclaration.name);
    ts.forEachChild(node, visit);
  };
  visit(root);
  return out;
}

/**
 * The references of `root` (a method, a function, a statement). `own` are names the piece itself
 * declares at the top (a top-level function's own name) and so never a need of its own.
 */
export function refsOf(root: ts.Node, own: readonly string[] = []): CodeRefs {
  const refs: CodeRefs = { names: new Set(), thisMembers: new Set(), dotted: new Set(), thisDotted: new Set(), called: new Set() };
  const locals = localNames(root);
  for (const name of own) locals.add(name);
  const visit = (node: ts.Node): void => {
    // Types vanish when the code is transpiled: an imported type is no need.
    if (ts.isTypeNode(node) || ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) return;
    if (ts.isCallExpression(node) || ts.isNewExpression(node) || ts.isTaggedTemplateExpression(node)) {
      const callee = ts.isTaggedTemplateExpression(node) ? node.tag : node.expression;
      const text = chainText(callee);
      if (text !== undefined) refs.called.add(text.startsWith('this.') ? text.slice(5) : text);
    }
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.name)) {
      const inner = node.expression;
      if (inner.kind === ts.SyntaxKind.ThisKeyword) refs.thisMembers.add(node.name.text);
      else if (ts.isPropertyAccessExpression(inner) && inner.expression.kind === ts.SyntaxKind.ThisKeyword && ts.isIdentifier(inner.name)) {
        refs.thisDotted.add(`${inner.name.text}.${node.name.text}`);
      } else if (ts.isIdentifier(inner) && !locals.has(inner.text)) refs.dotted.add(`${inner.text}.${node.name.text}`);
    }
    if (ts.isIdentifier(node) && !locals.has(node.text) && !isNotAReference(node)) refs.names.add(node.text);
    ts.forEachChild(node, visit);
  };
  visit(root);
  return refs;
}

/** Parses a piece of TypeScript for refsOf; TSX only when plain TypeScript does not parse it. */
export function parsePiece(source: string): ts.SourceFile {
  const plain = ts.createSourceFile('piece.ts', source, ts.ScriptTarget.ES2020, true, ts.ScriptKind.TS);
  const broken = (plain as unknown as { parseDiagnostics?: unknown[] }).parseDiagnostics?.length;
  return broken ? ts.createSourceFile('piece.tsx', source, ts.ScriptTarget.ES2020, true, ts.ScriptKind.TSX) : plain;
}
