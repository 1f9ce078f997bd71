import ts from 'typescript';
import type { JsonType, StateField } from '../../../model';
import { newId } from '../../../model/ids';
import { pinecallRefusal } from '../../../model/lint/pinecall-refusals';
import { readDocBlock } from './doc-comments';
import { findDecorator, literalValue, thisProperty, type ImportContext } from './import-util';

// --- State fields -------------------------------------------------------------------------------

function unwrap(node: ts.TypeNode): ts.TypeNode {
  return ts.isParenthesizedTypeNode(node) ? unwrap(node.type) : node;
}

/** The JSON type a field's TypeScript type says; undefined when the type says nothing usable. */
function jsonTypeOf(node: ts.TypeNode): JsonType | undefined {
  const type = unwrap(node);
  switch (type.kind) {
    case ts.SyntaxKind.StringKeyword:
      return 'string';
    case ts.SyntaxKind.NumberKeyword:
      return 'number';
    case ts.SyntaxKind.BooleanKeyword:
      return 'boolean';
  }
  if (ts.isArrayTypeNode(type) || (ts.isTypeOperatorNode(type) && ts.isArrayTypeNode(unwrap(type.type)))) return 'array';
  if (ts.isLiteralTypeNode(type)) {
    if (ts.isStringLiteral(type.literal) || ts.isNoSubstitutionTemplateLiteral(type.literal)) return 'string';
    if (ts.isNumericLiteral(type.literal) || ts.isPrefixUnaryExpression(type.literal)) return 'number';
    if (type.literal.kind === ts.SyntaxKind.TrueKeyword || type.literal.kind === ts.SyntaxKind.FalseKeyword) return 'boolean';
    return undefined;
  }
  if (ts.isUnionTypeNode(type)) {
    const kinds = new Set(type.types.map(jsonTypeOf).filter((t): t is JsonType => t !== undefined));
    return kinds.size === 1 ? [...kinds][0] : kinds.size > 1 ? 'object' : undefined;
  }
  if (ts.isTypeReferenceNode(type)) {
    const name = type.typeName.getText();
    return name === 'Array' || name === 'ReadonlyArray' ? 'array' : 'object';
  }
  if (ts.isTypeLiteralNode(type) || ts.isMappedTypeNode(type) || ts.isTupleTypeNode(type)) return ts.isTupleTypeNode(type) ? 'array' : 'object';
  return undefined;
}

function jsonTypeOfValue(value: unknown): JsonType {
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return typeof value as JsonType;
  return 'object';
}

/** A `@state` field (or, in a class that decorates none, any instance field). */
export function readStateField(ctx: ImportContext, member: ts.PropertyDeclaration, name: string, jsDoc: string | undefined, className: string): StateField {
  const decorator = findDecorator(member, 'state');
  const options = decorator?.args[0];
  let pii = false;
  let visibility: StateField['visibility'] = 'private';
  if (options && ts.isObjectLiteralExpression(options)) {
    for (const p of options.properties) {
      if (!ts.isPropertyAssignment(p) || !ts.isIdentifier(p.name)) continue;
      if (p.name.text === 'pii') pii = p.initializer.kind === ts.SyntaxKind.TrueKeyword;
      if (p.name.text === 'visibility' && ts.isStringLiteral(p.initializer)) visibility = p.initializer.text === 'public' ? 'public' : 'private';
    }
    if (pii && visibility === 'public') ctx.error(options, pinecallRefusal.statePiiPublic(className, name));
  }
  const initial = member.initializer ? literalValue(member.initializer) : undefined;
  const fromValue = initial?.ok && initial.value !== null ? jsonTypeOfValue(initial.value) : undefined;
  const type = (member.type && jsonTypeOf(member.type)) ?? fromValue ?? 'object';
  const description = jsDoc ? readDocBlock(jsDoc) : '';
  return {
    id: newId(),
    name,
    type,
    ...(initial?.ok ? { default: initial.value } : {}),
    pii,
    visibility,
    ...(description ? { description } : {}),
  };
}

// --- The stage field ----------------------------------------------------------------------------

export interface StageField {
  names: string[];
  entry?: string;
  /** Written as a plain string (`stage = "browse"`): the values were read from the class's own uses. */
  plain?: true;
}

const isStringTyped = (type: ts.TypeNode | undefined) => !type || type.kind === ts.SyntaxKind.StringKeyword;

/**
 * `stage: Stages<"a" | "b"> = "a"` (a plain union of string literals is read the same way), or a
 * plain string `stage = "browse"`, which Pinecall accepts too: its values are then the starting
 * one and every literal the class assigns to `this.stage` or compares it with, in file order.
 */
export function readStageField(ctx: ImportContext, member: ts.PropertyDeclaration, agentClass: ts.ClassDeclaration): StageField | undefined {
  const initializer = member.initializer;
  const start = initializer && (ts.isStringLiteral(initializer) || ts.isNoSubstitutionTemplateLiteral(initializer)) ? initializer.text : undefined;
  if (isStringTyped(member.type) && start !== undefined) {
    return { names: [...new Set([start, ...stageLiterals(agentClass)])], entry: start, plain: true };
  }
  let type = member.type && unwrap(member.type);
  if (type && ts.isTypeReferenceNode(type) && type.typeName.getText() === 'Stages' && type.typeArguments?.length === 1) type = unwrap(type.typeArguments[0]);
  const members = type ? (ts.isUnionTypeNode(type) ? type.types.map(unwrap) : [type]) : [];
  const names = members.map((m) => (ts.isLiteralTypeNode(m) && ts.isStringLiteral(m.literal) ? m.literal.text : undefined));
  if (!type || names.some((n) => n === undefined)) {
    ctx.error(member.type ?? member.name, 'the stage field lists its stages as string literals; write `stage: Stages<"first" | "second"> = "first"`, or start a plain one on a value: `stage = "first"`');
    return undefined;
  }
  const unique = [...new Set(names as string[])];
  if (initializer && (start === undefined || !unique.includes(start))) {
    ctx.error(initializer, `the stage field starts on a value that is not one of its stages; write one of ${unique.map((n) => `"${n}"`).join(', ')}`);
  }
  return { names: unique, entry: start };
}

/** String literals the class assigns to `this.stage` or compares it with (`===`, `!==`, `==`, `!=`), in file order. */
function stageLiterals(agentClass: ts.ClassDeclaration): string[] {
  const found: string[] = [];
  const literal = (e: ts.Expression) => (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e) ? e.text : undefined);
  const COMPARE = new Set([ts.SyntaxKind.EqualsToken, ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken, ts.SyntaxKind.EqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsToken]);
  // Iterative: the file's depth is bounded (source-bounds.ts), but a walk of its own keeps no stack of frames.
  const pending: ts.Node[] = [agentClass];
  while (pending.length) {
    const node = pending.pop()!;
    if (ts.isBinaryExpression(node) && COMPARE.has(node.operatorToken.kind)) {
      const value = thisProperty(node.left) === 'stage' ? literal(node.right) : thisProperty(node.right) === 'stage' ? literal(node.left) : undefined;
      if (value !== undefined) found.push(value);
    }
    const children: ts.Node[] = [];
    node.forEachChild((child) => { children.push(child); });
    for (let i = children.length - 1; i >= 0; i--) pending.push(children[i]);
  }
  return found;
}

// --- render() -----------------------------------------------------------------------------------

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** JSX text as React renders it: lines trimmed at their breaks and joined by one space; entities decoded. */
export function jsxText(raw: string): string {
  const lines = raw.split(/\r\n|\n|\r/);
  let lastNonEmpty = -1;
  lines.forEach((l, i) => { if (/[^ \t]/.test(l)) lastNonEmpty = i; });
  let out = '';
  lines.forEach((line, i) => {
    let l = line.replace(/\t/g, ' ');
    if (i !== 0) l = l.replace(/^ +/, '');
    if (i !== lines.length - 1) l = l.replace(/ +$/, '');
    if (l) out += i !== lastNonEmpty ? `${l} ` : l;
  });
  return out.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === '#') return String.fromCodePoint(code[1].toLowerCase() === 'x' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10));
    return ENTITIES[code] ?? whole;
  });
}

/** The text a section's children stand for: `{this.x}` as `{{ x }}`, strings as themselves. */
function childrenText(ctx: ImportContext, children: ts.NodeArray<ts.JsxChild>): string {
  return children.map((child) => {
    if (ts.isJsxText(child)) return jsxText(child.text);
    if (ts.isJsxExpression(child)) {
      const e = child.expression;
      if (!e) return '';
      if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return e.text;
      const field = thisProperty(e);
      if (field !== undefined) return `{{ ${field} }}`;
      ctx.warn(e, 'render() shows an expression that is not a state field; it is kept as a {{ … }} placeholder');
      return `{{ ${e.getText(ctx.sf).replace(/\bthis\./g, '')} }}`;
    }
    if (ts.isJsxElement(child)) return childrenText(ctx, child.children);
    return child.getText(ctx.sf);
  }).join('');
}

/**
 * `<p>` holding only text, string literals and `{this.field}`: what the document models as a
 * stage's instructions. Any other expression keeps its paragraph as code (issue 33: a view's
 * `{this.pet?.name}` must not come back as the text "{{ pet?.name }}").
 */
function isPlainParagraph(child: ts.JsxChild): child is ts.JsxElement {
  if (!ts.isJsxElement(child) || child.openingElement.attributes.properties.length > 0) return false;
  const tag = child.openingElement.tagName;
  if (!ts.isIdentifier(tag) || tag.text !== 'p') return false;
  return child.children.every((c) => ts.isJsxText(c) || (ts.isJsxExpression(c) && !!c.expression
    && (ts.isStringLiteral(c.expression) || ts.isNoSubstitutionTemplateLiteral(c.expression) || thisProperty(c.expression) !== undefined)));
}

/** `this.stage === "x" && <p>…</p>` (either side of the comparison): the stage and its paragraph. */
function section(node: ts.Expression): { stage: string; paragraph: ts.JsxElement } | undefined {
  if (!ts.isBinaryExpression(node) || node.operatorToken.kind !== ts.SyntaxKind.AmpersandAmpersandToken) return undefined;
  const test = node.left;
  let right = node.right;
  while (ts.isParenthesizedExpression(right)) right = right.expression;
  if (!ts.isBinaryExpression(test) || test.operatorToken.kind !== ts.SyntaxKind.EqualsEqualsEqualsToken || !ts.isJsxElement(right)) return undefined;
  const [field, literal] = thisProperty(test.left) === 'stage' ? [test.left, test.right] : [test.right, test.left];
  if (thisProperty(field) !== 'stage' || !ts.isStringLiteral(literal)) return undefined;
  const tag = right.openingElement.tagName;
  return ts.isIdentifier(tag) && tag.text === 'p' ? { stage: literal.text, paragraph: right } : undefined;
}

export interface RenderRead {
  instructions: Map<string, string>;
  /** Children that are not a stage's section, as written. */
  extras: string[];
}

/**
 * Text among render()'s children, kept as the exporter writes it back: on a line of its own, where
 * white space around it that holds a line break renders as nothing (JSX drops it), so it is
 * dropped here too, and the text reads back as it was kept. White space on the text's own line
 * renders (`Hi {this.name}` has a space); on a line of its own it would not, so such a text is kept
 * as the string it renders, `{"Hi "}`, which renders alike wherever it is written.
 */
function keptJsxText(ctx: ImportContext, child: ts.JsxText): string {
  const column = ctx.sf.getLineAndCharacterOfPosition(child.getStart(ctx.sf)).character;
  let text = child.getText(ctx.sf).replace(new RegExp(`\\n {0,${column}}`, 'g'), '\n');
  const lead = /^\s*/.exec(text)![0];
  if (lead.includes('\n')) text = text.slice(lead.length);
  const trail = /\s*$/.exec(text)![0];
  if (trail.includes('\n')) text = text.slice(0, text.length - trail.length);
  return /^\s|\s$/.test(text) ? `{${JSON.stringify(jsxText(text))}}` : text;
}

/** The per-stage sections of `render()`; undefined when it is not one `return` of JSX (then it is kept as written). */
export function readRender(ctx: ImportContext, method: ts.MethodDeclaration, stages: string[], implicit?: string): RenderRead | undefined {
  const returned = method.body?.statements.find(ts.isReturnStatement)?.expression;
  let jsx = returned;
  while (jsx && ts.isParenthesizedExpression(jsx)) jsx = jsx.expression;
  if (!jsx || method.body!.statements.length !== 1 || !(ts.isJsxFragment(jsx) || ts.isJsxElement(jsx))) return undefined;
  const children = ts.isJsxFragment(jsx) ? jsx.children : [jsx as ts.JsxChild];
  const read: RenderRead = { instructions: new Map(), extras: [] };
  for (const child of children) {
    // White space only, also on one line (`<>   {…}`, not trivia to TypeScript): nothing to keep.
    if (ts.isJsxText(child) && (child.containsOnlyTriviaWhiteSpaces || child.text.trim() === '')) continue;
    // A class without a stage field: its leading plain paragraphs are its one stage's instructions.
    if (implicit !== undefined && read.extras.length === 0 && isPlainParagraph(child)) {
      const text = childrenText(ctx, child.children);
      const before = read.instructions.get(implicit);
      read.instructions.set(implicit, before === undefined ? text : `${before}\n\n${text}`);
      continue;
    }
    const found = ts.isJsxExpression(child) && child.expression ? section(child.expression) : undefined;
    if (found && !stages.includes(found.stage)) ctx.warn(child, `render() has a section for "${found.stage}", which is not a stage; it is kept as written`);
    // A section showing an expression the document does not model (`{this.pet?.name}`, a call, a
    // `.map`) stays code, rendered by the simulator as Pinecall renders it (issue 33): as a
    // template it would come back as the literal text "{{ pet?.name }}".
    if (found && stages.includes(found.stage) && !isPlainParagraph(found.paragraph)) {
      const column = ctx.sf.getLineAndCharacterOfPosition(child.getStart(ctx.sf)).character;
      read.extras.push(child.getText(ctx.sf).replace(new RegExp(`\\n {0,${column}}`, 'g'), '\n'));
      continue;
    }
    if (ts.isJsxText(child)) {
      read.extras.push(keptJsxText(ctx, child));
      continue;
    }
    if (!found || !stages.includes(found.stage)) {
      // Dedented by the child's own column: the exporter indents it again, so a round trip is stable.
      const column = ctx.sf.getLineAndCharacterOfPosition(child.getStart(ctx.sf)).character;
      read.extras.push(child.getText(ctx.sf).replace(new RegExp(`\\n {0,${column}}`, 'g'), '\n'));
      continue;
    }
    const text = childrenText(ctx, found.paragraph.children);
    const before = read.instructions.get(found.stage);
    read.instructions.set(found.stage, before === undefined ? text : `${before}\n\n${text}`);
  }
  return read;
}
