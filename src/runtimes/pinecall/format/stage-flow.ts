// The code-flow reader: where a Pinecall agent's code moves the call. A tool moves it by setting
// `this.stage`, and real classes do so in `if`s, ternaries, `switch`es, helpers and callbacks, not
// only in the `if / else if` chain the importer reads as edges (import-chain.ts). This reads every
// such write from the document alone — the tools' bodies, the helper methods and getters kept as
// code, the file's top-level constants — with the TypeScript parser (no type checker), so the
// edges are derived from the code each time and never written into `doc.edges`: export stays
// byte-identical and the edges cannot go stale when a body is edited.
//
// It loads the TypeScript compiler, so the page never imports it: the problems worker does
// (store/workers/problems-api.ts), and the CLI.
import ts from 'typescript';
import type { AgentDocument } from '../../../model';
import { codeEdgesOf, type CodeSpot, type StageFlow, type StageWrite, type StageWriter, type UnresolvedStageWrite } from '../../../model/code-flow';
import type { PinecallImport } from './import';
import { preservedOf } from './preserved';
import { pythonStageFlow } from './python/code-writes';
import { rubyStageFlow } from './ruby/code-writes';

/** How deep helpers calling helpers are followed: `tool → finish() → moveTo()` and one more. */
const MAX_HELPER_DEPTH = 3;
/** Past this nesting a body is not walked further (a pathological body must not blow the worker's stack). */
const MAX_NESTING = 120;

/** A possible value of an expression, with the conditions (as written) under which it is that value. */
interface Possible {
  value: string;
  conditions: string[];
}
type Resolved = { ok: true; values: Possible[] } | { ok: false; reason: string };

/** A name's value where it is used: its initializer and the scope that initializer reads. */
interface Binding {
  node: ts.Expression;
  env: Env;
}
type Env = ReadonlyMap<string, Binding | Resolved>;

/** Source text of one member, parsed alone; `shift` is where the member's own text begins in `sf`. */
interface Member {
  name: string;
  sf: ts.SourceFile;
  text: string;
  shift: number;
  body: ts.Block | ts.ConciseBody | undefined;
  params: readonly ts.ParameterDeclaration[];
  /** Local names assigned again after they are declared: their value depends on the path taken. */
  reassigned: ReadonlySet<string>;
}

interface Walk {
  writer: StageWriter;
  member: Member;
  conditions: string[];
  maybe: boolean;
  env: Env;
  /** Helpers entered, outermost first, and the spot in the writer's own code that called the first. */
  via: string[];
  call?: CodeSpot;
  depth: number;
}

const BODY_PREFIX = 'async function __callboardBody() {\n';

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();
/** `not (c)`; a plain `!name` is written back as `name` (the early-return guard `if (!slot) return`). */
const negate = (condition: string) => /^![\w$.]+$/.test(condition) ? condition.slice(1) : `not (${condition})`;
const joined = (conditions: string[]) => (conditions.length ? conditions.join(' and ') : undefined);

function spotOf(member: Member, pos: number): CodeSpot {
  const offset = Math.max(0, pos - member.shift);
  const before = member.text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  return { member: member.name, offset, line, column };
}

function unwrap(node: ts.Expression): ts.Expression {
  let current = node;
  for (;;) {
    if (ts.isParenthesizedExpression(current) || ts.isAsExpression(current) || ts.isSatisfiesExpression(current)
      || ts.isTypeAssertionExpression(current) || ts.isNonNullExpression(current)) current = current.expression;
    else return current;
  }
}

const isThis = (node: ts.Expression) => unwrap(node).kind === ts.SyntaxKind.ThisKeyword;

/** `this.stage`, `this["stage"]`. */
function isStageTarget(node: ts.Expression): boolean {
  const target = unwrap(node);
  if (ts.isPropertyAccessExpression(target)) return isThis(target.expression) && target.name.text === 'stage';
  if (ts.isElementAccessExpression(target)) {
    const key = unwrap(target.argumentExpression);
    return isThis(target.expression) && (ts.isStringLiteral(key) || ts.isNoSubstitutionTemplateLiteral(key)) && key.text === 'stage';
  }
  return false;
}

/** `this.name(…)`: the helper a call reaches, if it is one. */
function thisMethodCalled(call: ts.CallExpression): string | undefined {
  const callee = unwrap(call.expression);
  if (ts.isPropertyAccessExpression(callee) && isThis(callee.expression)) return callee.name.text;
  if (ts.isElementAccessExpression(callee) && isThis(callee.expression)) {
    const key = unwrap(callee.argumentExpression);
    if (ts.isStringLiteral(key)) return key.text;
  }
  return undefined;
}

/** The file's constants and the class's plain fields, by name, and its helper methods. */
interface Known {
  constants: Map<string, Binding>;
  fields: Map<string, Binding>;
  helpers: Map<string, Member>;
}

function parse(text: string): ts.SourceFile {
  return ts.createSourceFile('flow.ts', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
}

/** Top-level `const X = …` of the statements kept before and after the class. */
function readConstants(statements: readonly string[], into: Map<string, Binding>): void {
  for (const text of statements) {
    if (!text.includes('const') && !text.includes('let')) continue;
    const sf = parse(text);
    for (const statement of sf.statements) {
      if (!ts.isVariableStatement(statement)) continue;
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name) && declaration.initializer) into.set(declaration.name.text, { node: declaration.initializer, env: new Map() });
      }
    }
  }
}

/** Helper methods, getters and plain fields kept as code (the class's and its bases'). */
function readMembers(texts: readonly string[], known: Known): void {
  for (const text of texts) {
    const prefix = 'class __CallboardFlow {\n';
    const sf = parse(`${prefix}${text}\n}`);
    const cls = sf.statements.find(ts.isClassDeclaration);
    for (const member of cls?.members ?? []) {
      const name = member.name && (ts.isIdentifier(member.name) || ts.isStringLiteral(member.name)) ? member.name.text : undefined;
      if (!name) continue;
      if (ts.isPropertyDeclaration(member) && member.initializer) {
        known.fields.set(name, { node: member.initializer, env: new Map() });
      } else if ((ts.isMethodDeclaration(member) || ts.isGetAccessorDeclaration(member)) && member.body) {
        // The first declaration wins: the subclass's members come before its bases'.
        if (!known.helpers.has(name)) known.helpers.set(name, { name, sf, text, shift: prefix.length, body: member.body, params: member.parameters, reassigned: assignedNames(member.body) });
      } else if (ts.isPropertyDeclaration(member) && member.initializer === undefined) {
        continue;
      }
    }
  }
}

/** Reads a document's stage flow. Pure: only the TypeScript parser. */
export function readStageFlow(doc: AgentDocument): StageFlow {
  // A class in Python: its import read where its bodies set the stage (python/import-body.ts).
  if (doc.language === 'python') return pythonStageFlow(doc);
  // A class in Ruby: likewise (ruby/code-writes.ts).
  if (doc.language === 'ruby') return rubyStageFlow(doc);
  const preserved = preservedOf(doc);
  const known: Known = { constants: new Map(), fields: new Map(), helpers: new Map() };
  readConstants([...(preserved.before ?? []), ...(preserved.after ?? [])], known.constants);
  readMembers([...(preserved.members ?? []), ...(preserved.baseMembers ?? [])], known);
  const stageNames = new Set(doc.stages.map((s) => s.name));
  const flow: StageFlow = { writes: [], unresolved: [], unknownStages: [] };
  const reader = new FlowReader(known, stageNames, flow);

  for (const tool of doc.tools) {
    const body = tool.implementation;
    if (!body || !mentionsStage(body, known)) continue;
    const sf = parse(`${BODY_PREFIX}${body}\n}`);
    const fn = sf.statements.find(ts.isFunctionDeclaration);
    if (!fn?.body) continue;
    const member: Member = { name: tool.name, sf, text: body, shift: BODY_PREFIX.length, body: fn.body, params: [], reassigned: assignedNames(fn.body) };
    reader.walkBody(fn.body, { writer: { tool: tool.name }, member, conditions: [], maybe: false, env: new Map(), via: [], depth: 0 });
  }
  // Hooks (onCall, onEvent…): Pinecall calls them, no tool does.
  for (const [name, member] of known.helpers) {
    if (!/^on[A-Z]/.test(name) || !member.body) continue;
    reader.walkBody(member.body, { writer: { hook: name }, member, conditions: [], maybe: false, env: new Map(), via: [], depth: 0 });
  }
  return flow;
}

/** An import with the count of the edges its code sets the stage along: what the import dialog says beside the document's own. */
export function withCodeEdgeCount(read: PinecallImport): PinecallImport {
  return read.ok ? { ...read, codeEdges: codeEdgesOf(read.doc, readStageFlow(read.doc)).length } : read;
}

/** A body that neither names the stage nor calls a helper that could set it is skipped unparsed. */
function mentionsStage(body: string, known: Known): boolean {
  if (body.includes('stage')) return true;
  for (const name of known.helpers.keys()) if (body.includes(name)) return true;
  return false;
}

class FlowReader {
  constructor(private known: Known, private stageNames: ReadonlySet<string>, private flow: StageFlow) {}

  walkBody(body: ts.ConciseBody, walk: Walk): void {
    if (ts.isBlock(body)) this.statements(body.statements, walk);
    else this.expression(body, walk);
  }

  /**
   * Statements in order. After `if (c) { …; return; }` (no else), what follows runs only when c
   * does not hold, so it carries `not (c)`.
   */
  private statements(list: readonly ts.Statement[], walk: Walk): void {
    let current = walk;
    for (const statement of list) {
      current = this.statement(statement, current) ?? current;
    }
  }

  /** Returns the walk that the statements after this one continue with (a new scope or condition), if it changed. */
  private statement(node: ts.Statement, walk: Walk): Walk | undefined {
    if (walk.depth > MAX_NESTING) return undefined;
    const deeper = { ...walk, depth: walk.depth + 1 };
    if (ts.isBlock(node)) {
      this.statements(node.statements, deeper);
    } else if (ts.isExpressionStatement(node)) {
      this.expression(node.expression, deeper);
    } else if (ts.isVariableStatement(node)) {
      const env = new Map(walk.env);
      for (const declaration of node.declarationList.declarations) {
        if (!declaration.initializer) continue;
        this.expression(declaration.initializer, { ...deeper, env });
        if (!ts.isIdentifier(declaration.name)) continue;
        const name = declaration.name.text;
        env.set(name, walk.member.reassigned.has(name)
          ? { ok: false, reason: `${name} is assigned again after it is declared, so its value depends on the path the call takes` }
          : { node: declaration.initializer, env: walk.env });
      }
      return { ...walk, env };
    } else if (ts.isIfStatement(node)) {
      const condition = collapse(node.expression.getText(walk.member.sf));
      this.expression(node.expression, deeper);
      this.statement(node.thenStatement, { ...deeper, conditions: [...walk.conditions, condition] });
      if (node.elseStatement) this.statement(node.elseStatement, { ...deeper, conditions: [...walk.conditions, negate(condition)] });
      else if (ends(node.thenStatement)) return { ...walk, conditions: [...walk.conditions, negate(condition)] };
    } else if (ts.isSwitchStatement(node)) {
      this.switchStatement(node, deeper);
    } else if (ts.isTryStatement(node)) {
      this.statement(node.tryBlock, deeper);
      if (node.catchClause) this.statement(node.catchClause.block, { ...deeper, conditions: [...walk.conditions, 'the try block threw'] });
      if (node.finallyBlock) this.statement(node.finallyBlock, deeper);
    } else if (ts.isReturnStatement(node) || ts.isThrowStatement(node)) {
      if (node.expression) this.expression(node.expression, deeper);
    } else if (ts.isWhileStatement(node) || ts.isDoStatement(node)) {
      const condition = collapse(node.expression.getText(walk.member.sf));
      this.statement(node.statement, { ...deeper, conditions: [...walk.conditions, condition] });
    } else if (ts.isForStatement(node) || ts.isForOfStatement(node) || ts.isForInStatement(node)) {
      // A loop's body may run no time at all: what it sets is conditional on the loop running.
      const head = ts.isForStatement(node) ? node.condition : node.expression;
      const condition = head ? `looping over ${collapse(head.getText(walk.member.sf))}` : 'in the loop';
      this.statement(node.statement, { ...deeper, conditions: [...walk.conditions, condition] });
    } else if (ts.isLabeledStatement(node)) {
      this.statement(node.statement, deeper);
    } else if (ts.isFunctionDeclaration(node) && node.body) {
      this.statement(node.body, { ...deeper, maybe: true });
    }
    return undefined;
  }

  /**
   * `switch (v) { case "a": case "b": …; break; default: … }`: a group of cases that fall into one
   * another runs under `v === "a" or v === "b"`; `default` under none of the cases holding.
   */
  private switchStatement(node: ts.SwitchStatement, walk: Walk): void {
    const sf = walk.member.sf;
    const subject = collapse(node.expression.getText(sf));
    const labelOf = (clause: ts.CaseClause) => `${subject} === ${collapse(clause.expression.getText(sf))}`;
    const everyCase = node.caseBlock.clauses.filter(ts.isCaseClause).map(labelOf);
    let group: string[] = [];
    let withDefault = false;
    for (const clause of node.caseBlock.clauses) {
      if (ts.isCaseClause(clause)) group.push(labelOf(clause));
      else withDefault = true;
      if (clause.statements.length === 0) continue;
      const condition = withDefault ? (everyCase.length ? negate(everyCase.join(' or ')) : undefined) : group.join(' or ');
      this.statements(clause.statements, { ...walk, conditions: condition ? [...walk.conditions, condition] : walk.conditions });
      // A clause that falls through keeps its labels for the next one.
      if (ends(clause.statements.at(-1)!)) {
        group = [];
        withDefault = false;
      }
    }
  }

  private expression(node: ts.Expression, walk: Walk): void {
    if (walk.depth > MAX_NESTING) return;
    const deeper = { ...walk, depth: walk.depth + 1 };
    const sf = walk.member.sf;
    if (ts.isBinaryExpression(node)) {
      const operator = node.operatorToken.kind;
      if (operator === ts.SyntaxKind.EqualsToken && isStageTarget(node.left)) {
        this.expression(node.right, deeper);
        this.record(node.right, node, deeper);
        return;
      }
      if (operator === ts.SyntaxKind.AmpersandAmpersandToken || operator === ts.SyntaxKind.BarBarToken || operator === ts.SyntaxKind.QuestionQuestionToken) {
        this.expression(node.left, deeper);
        const left = collapse(node.left.getText(sf));
        const condition = operator === ts.SyntaxKind.AmpersandAmpersandToken ? left : operator === ts.SyntaxKind.BarBarToken ? negate(left) : `${left} is null or undefined`;
        this.expression(node.right, { ...deeper, conditions: [...walk.conditions, condition] });
        return;
      }
    }
    if (ts.isConditionalExpression(node)) {
      const condition = collapse(node.condition.getText(sf));
      this.expression(node.condition, deeper);
      this.expression(node.whenTrue, { ...deeper, conditions: [...walk.conditions, condition] });
      this.expression(node.whenFalse, { ...deeper, conditions: [...walk.conditions, negate(condition)] });
      return;
    }
    if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) {
      // Runs only if whoever receives the callback calls it.
      this.walkBody(node.body, { ...deeper, maybe: true });
      return;
    }
    if (ts.isCallExpression(node)) {
      for (const argument of node.arguments) this.expression(argument, deeper);
      this.expression(node.expression, deeper);
      if (this.objectAssign(node, deeper)) return;
      const helper = thisMethodCalled(node);
      if (helper) this.enterHelper(helper, node, deeper);
      return;
    }
    if (ts.isPropertyAccessExpression(node) && isThis(node.expression)) {
      // A getter runs when it is read.
      const getter = this.known.helpers.get(node.name.text);
      if (getter && getter.params.length === 0 && isGetter(getter)) this.enterHelper(node.name.text, node, deeper);
      return;
    }
    this.children(node, deeper);
  }

  /** Every expression under a node that is not one this reader reads itself (object literals' values, template spans…). */
  private children(node: ts.Node, walk: Walk): void {
    ts.forEachChild(node, (child) => {
      if (ts.isTypeNode(child)) return;
      if (ts.isExpression(child)) this.expression(child, walk);
      else this.children(child, walk);
    });
  }

  /** `Object.assign(this, { stage: "x" })`. */
  private objectAssign(call: ts.CallExpression, walk: Walk): boolean {
    const callee = unwrap(call.expression);
    if (!ts.isPropertyAccessExpression(callee) || callee.name.text !== 'assign' || !ts.isIdentifier(callee.expression) || callee.expression.text !== 'Object') return false;
    const [target, ...sources] = call.arguments;
    if (!target || !isThis(target)) return false;
    for (const source of sources) {
      const object = unwrap(source);
      if (!ts.isObjectLiteralExpression(object)) continue;
      for (const property of object.properties) {
        if (ts.isPropertyAssignment(property) && propertyName(property.name) === 'stage') this.record(property.initializer, property, walk);
        else if (ts.isShorthandPropertyAssignment(property) && property.name.text === 'stage') this.record(property.name, property, walk);
      }
    }
    return true;
  }

  private enterHelper(name: string, at: ts.Node, walk: Walk): void {
    const helper = this.known.helpers.get(name);
    if (!helper?.body || walk.via.includes(name) || walk.via.length >= MAX_HELPER_DEPTH) return;
    // The helper's parameters take the call's arguments, read in the caller's scope and text.
    const env = new Map<string, Binding | Resolved>();
    const args = ts.isCallExpression(at) ? at.arguments : [];
    helper.params.forEach((param, i) => {
      if (!ts.isIdentifier(param.name)) return;
      if (args[i]) env.set(param.name.text, { node: args[i], env: walk.env });
      else if (param.initializer) env.set(param.name.text, { node: param.initializer, env: new Map() });
      else env.set(param.name.text, { ok: false, reason: `${name}() is called without ${param.name.text}` });
    });
    this.walkBody(helper.body, {
      ...walk,
      member: helper,
      env,
      via: [...walk.via, name],
      call: walk.call ?? spotOf(walk.member, at.getStart(walk.member.sf)),
      depth: walk.depth + 1,
    });
  }

  private record(value: ts.Expression, at: ts.Node, walk: Walk): void {
    const spot = spotOf(walk.member, at.getStart(walk.member.sf));
    const resolved = this.resolve(value, walk);
    const where = {
      ...walk.writer,
      at: spot,
      ...(walk.call ? { call: walk.call } : {}),
      ...(walk.via.length ? { via: walk.via } : {}),
    };
    if (!resolved.ok) {
      const condition = joined(walk.conditions);
      const entry: UnresolvedStageWrite = { ...where, text: collapse(value.getText(walk.member.sf)), reason: resolved.reason, ...(condition ? { condition } : {}) };
      this.flow.unresolved.push(entry);
      return;
    }
    for (const possible of resolved.values) {
      const condition = joined([...walk.conditions, ...possible.conditions]);
      const write: StageWrite = { ...where, to: possible.value, ...(condition ? { condition } : {}), ...(walk.maybe ? { maybe: true as const } : {}) };
      (this.stageNames.has(possible.value) ? this.flow.writes : this.flow.unknownStages).push(write);
    }
  }

  /** Every string an expression can be, each with the conditions under which it is that string. */
  private resolve(node: ts.Expression, walk: Walk, depth = 0): Resolved {
    const sf = walk.member.sf;
    const expression = unwrap(node);
    if (depth > 16) return { ok: false, reason: `${collapse(node.getText(sf))} is too deep a chain of names to follow` };
    if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) return { ok: true, values: [{ value: expression.text, conditions: [] }] };
    if (ts.isConditionalExpression(expression)) {
      const condition = collapse(expression.condition.getText(sf));
      const yes = this.resolve(expression.whenTrue, walk, depth + 1);
      const no = this.resolve(expression.whenFalse, walk, depth + 1);
      if (!yes.ok) return yes;
      if (!no.ok) return no;
      return {
        ok: true,
        values: [
          ...yes.values.map((p) => ({ value: p.value, conditions: [condition, ...p.conditions] })),
          ...no.values.map((p) => ({ value: p.value, conditions: [negate(condition), ...p.conditions] })),
        ],
      };
    }
    if (ts.isIdentifier(expression)) {
      const bound = walk.env.get(expression.text) ?? this.known.constants.get(expression.text);
      if (!bound) return { ok: false, reason: `${expression.text} is not a constant the code gives a value` };
      if (!('node' in bound)) return bound;
      return this.resolveBinding(bound, walk, depth);
    }
    if (ts.isPropertyAccessExpression(expression) || ts.isElementAccessExpression(expression)) {
      const key = ts.isPropertyAccessExpression(expression) ? expression.name.text : literalKey(expression.argumentExpression);
      const owner = unwrap(expression.expression);
      let object: Binding | undefined;
      if (isThis(owner) && key !== undefined) {
        const field = this.known.fields.get(key);
        if (field) return this.resolveBinding(field, walk, depth);
        return { ok: false, reason: `this.${key} is state, known only when the call runs` };
      }
      if (ts.isIdentifier(owner)) object = this.known.constants.get(owner.text);
      else if (ts.isPropertyAccessExpression(owner) && isThis(owner.expression)) object = this.known.fields.get(owner.name.text);
      const literal = object && unwrap(object.node);
      if (key !== undefined && literal && ts.isObjectLiteralExpression(literal)) {
        for (const property of literal.properties) {
          if (ts.isPropertyAssignment(property) && propertyName(property.name) === key) return this.resolveBinding({ node: property.initializer, env: object!.env }, walk, depth);
        }
        return { ok: false, reason: `${collapse(expression.getText(sf))} names no entry of that object` };
      }
    }
    if (ts.isTemplateExpression(expression)) return { ok: false, reason: `${collapse(expression.getText(sf))} is a template with values filled in when the call runs` };
    if (ts.isCallExpression(expression)) return { ok: false, reason: `${collapse(expression.getText(sf))} is computed when the call runs` };
    return { ok: false, reason: `${collapse(expression.getText(sf))} is known only when the call runs` };
  }

  /** A name's initializer, read in its own member's text. */
  private resolveBinding(binding: Binding, walk: Walk, depth: number): Resolved {
    const sf = binding.node.getSourceFile();
    const member: Member = sf === walk.member.sf ? walk.member : { name: walk.member.name, sf, text: sf.text, shift: 0, body: undefined, params: [], reassigned: new Set() };
    return this.resolve(binding.node, { ...walk, member, env: binding.env }, depth + 1);
  }
}

/** Names a body assigns with `=`, `+=`… (a `let` given another value somewhere). */
function assignedNames(body: ts.Node): Set<string> {
  const names = new Set<string>();
  const visit = (node: ts.Node) => {
    if (ts.isBinaryExpression(node) && ts.isIdentifier(node.left)
      && node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && node.operatorToken.kind <= ts.SyntaxKind.LastAssignment) names.add(node.left.text);
    ts.forEachChild(node, visit);
  };
  visit(body);
  return names;
}

function isGetter(member: Member): boolean {
  return !!member.body && ts.isGetAccessorDeclaration(member.body.parent);
}

function literalKey(node: ts.Expression): string | undefined {
  const key = unwrap(node);
  return ts.isStringLiteral(key) || ts.isNoSubstitutionTemplateLiteral(key) || ts.isNumericLiteral(key) ? key.text : undefined;
}

function propertyName(name: ts.PropertyName): string | undefined {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) ? name.text : undefined;
}

/** A statement after which control does not go on to the next one (`return`, `throw`, `break`, or a block ending so). */
function ends(node: ts.Statement): boolean {
  if (ts.isReturnStatement(node) || ts.isThrowStatement(node) || ts.isBreakStatement(node) || ts.isContinueStatement(node)) return true;
  if (ts.isBlock(node)) return node.statements.length > 0 && ends(node.statements.at(-1)!);
  if (ts.isIfStatement(node)) return !!node.elseStatement && ends(node.thenStatement) && ends(node.elseStatement);
  return false;
}

