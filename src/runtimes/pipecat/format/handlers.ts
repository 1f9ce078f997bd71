// handlers.py: the Python module of direct functions beside a flow. A referenced function's tool
// schema is what Pipecat derives from its signature and docstring (pipecat-ai 1.14.0,
// adapters/llm/schemas/direct_function.py `BaseDirectFunctionWrapper`, and flows/types.py
// `FlowsDirectFunctionWrapper`, whose first parameter must be named `flow_manager` and is skipped).
// The type mapping, read off `_typehint_to_jsonschema`:
//   str/int/float/bool/dict/list → string/integer/number/boolean/object/array; None → null;
//   no annotation → {}; Optional[X], Union[…], X | Y → anyOf (flattened, repeated members once);
//   list/tuple/set[X] → array with items X (the first argument only); dict[K, V] → object with
//   additionalProperties V; a TypedDict → object with its fields (all required unless total=False);
//   Any → {type: object, properties: {}} (Any has __annotations__); Literal[…], bare List/Dict/Tuple
//   and anything else → {} (no enum: Pipecat drops Literal's values).
// A parameter without a default is required; defaults are not in the schema. Descriptions come from
// the Google-style docstring (docstring.ts). Python is never run: the reader reads `def` and
// `async def` signatures, TypedDict classes and docstrings, and refuses what it cannot read.
import { formatBytes, formatCount } from '../../../model/limits';
import { positionAt } from '../../../model/text-position';
import { parseDocstring } from './docstring';
import type { HandlerNames } from './graph';
import type { Position } from './model';
import { logicalLines, PythonReadError, splitTopLevel, stringEnd, stringValue } from './python-source';

export type JsonSchema = Record<string, unknown>;

export interface HandlerParam {
  name: string;
  /** The annotation as written, when there is one. */
  annotation?: string;
  /** The default as written, when there is one (then the parameter is not required). */
  default?: string;
  description?: string;
  schema: JsonSchema;
  at: Position;
}

export interface HandlerFunction {
  name: string;
  isAsync: boolean;
  at: Position;
  /** The first parameter's name (Pipecat requires `flow_manager` and skips it). */
  firstParam?: string;
  params: HandlerParam[];
  /** The docstring as Python holds it (before cleandoc), when there is one. */
  docstring?: string;
  description: string;
  decorators: string[];
  /** The body after the docstring, as written (kept as code). */
  body: string;
  /** Why Pipecat would refuse it as a direct function (its words), when it would. */
  invalid?: string;
  /** The return annotation as written, when there is one. */
  returns?: string;
  /** Pipecat logs a warning when it binds this function: its return annotation names NodeConfig. */
  annotatedWithNode: boolean;
}

/** What Pipecat's `to_function_schema()` holds for a function. */
export interface DerivedSchema {
  name: string;
  description: string;
  properties: Record<string, JsonSchema>;
  required: string[];
}

export interface HandlerProblem extends Position {
  severity: 'error' | 'warning';
  message: string;
}

export interface HandlersModule {
  functions: HandlerFunction[];
  problems: HandlerProblem[];
}

export const HANDLERS_LIMITS = { bytes: 1024 * 1024, functions: 2_000, typeDepth: 16, millis: 3_000 };

interface TypedDictInfo {
  fields: { name: string; annotation: string; offset: number }[];
  total: boolean;
}

const BASIC: Record<string, JsonSchema> = {
  str: { type: 'string' }, int: { type: 'integer' }, float: { type: 'number' }, bool: { type: 'boolean' },
  dict: { type: 'object' }, list: { type: 'array' }, None: { type: 'null' }, NoneType: { type: 'null' },
};

/** A type expression: a name with optional subscript arguments, or a union of them. */
type TypeExpr = { kind: 'name'; name: string; args?: TypeExpr[]; offset: number } | { kind: 'union'; members: TypeExpr[]; offset: number } | { kind: 'opaque'; offset: number };

class TypeParser {
  private i = 0;
  constructor(private readonly text: string, private readonly base: number, private readonly source: string, private readonly maxDepth: number) {}

  parse(): TypeExpr {
    const expr = this.union(0);
    this.space();
    if (this.i < this.text.length) this.fail(`Callboard cannot read this part of the annotation (${JSON.stringify(this.text.slice(this.i, this.i + 20))})`);
    return expr;
  }

  private fail(message: string): never {
    throw new PythonReadError(positionAt(this.source, this.base + this.i), message);
  }

  private space() {
    while (this.i < this.text.length && /\s/.test(this.text[this.i])) this.i++;
  }

  private union(depth: number): TypeExpr {
    const offset = this.base + this.i;
    const members = [this.atom(depth)];
    this.space();
    while (this.text[this.i] === '|') {
      this.i++;
      members.push(this.atom(depth));
      this.space();
    }
    return members.length === 1 ? members[0] : { kind: 'union', members, offset };
  }

  private atom(depth: number): TypeExpr {
    if (depth > this.maxDepth) this.fail(`this annotation nests more than ${this.maxDepth} levels; Callboard reads at most that many: write it flatter`);
    this.space();
    const offset = this.base + this.i;
    const c = this.text[this.i];
    if (c === '"' || c === "'") {
      // A string annotation ("str", or a forward reference): read what it holds.
      const end = stringEnd(this.source, this.base + this.i) - this.base;
      const inner = stringValue(this.source, this.base + this.i, this.base + end);
      this.i = end;
      return new TypeParser(inner, offset + 1, this.source, this.maxDepth - depth).parse();
    }
    const name = /^[A-Za-z_][\w]*(?:\s*\.\s*[A-Za-z_][\w]*)*/.exec(this.text.slice(this.i));
    if (!name) this.fail('Callboard expected a type here (str, int, float, bool, list[…], dict[…], Optional[…], a TypedDict)');
    this.i += name[0].length;
    const dotted = name[0].replace(/\s+/g, '');
    // typing.Optional, t.List…: the module part says nothing more.
    const simple = dotted.replace(/^(?:typing|typing_extensions|t)\./, '');
    this.space();
    if (this.text[this.i] !== '[') return { kind: 'name', name: simple, offset };
    this.i++;
    if (simple === 'Literal' || simple === 'Annotated') {
      // Literal's values do not reach the schema; Annotated is read for its first argument only.
      const close = this.matching();
      const inside = this.text.slice(this.i, close);
      this.i = close + 1;
      if (simple === 'Literal') return { kind: 'name', name: 'Literal', args: [], offset };
      const first = splitTopLevel(inside, 0, inside)[0];
      return { kind: 'name', name: 'Annotated', args: [new TypeParser(first?.text ?? '', this.base + this.i, this.source, this.maxDepth - depth).parse()], offset };
    }
    const args: TypeExpr[] = [];
    for (;;) {
      this.space();
      if (this.text[this.i] === ']') break;
      if (this.text.startsWith('...', this.i)) {
        this.i += 3;
        args.push({ kind: 'opaque', offset: this.base + this.i });
      } else if (this.text[this.i] === '(' && this.text[this.i + 1] === ')') {
        this.i += 2;
        args.push({ kind: 'opaque', offset: this.base + this.i });
      } else args.push(this.union(depth + 1));
      this.space();
      if (this.text[this.i] === ',') this.i++;
      else if (this.text[this.i] !== ']') this.fail('Callboard expected , or ] here');
    }
    this.i++;
    return { kind: 'name', name: simple, args, offset };
  }

  private matching(): number {
    let depth = 1;
    for (let j = this.i; j < this.text.length; j++) {
      const c = this.text[j];
      if (c === '"' || c === "'") {
        j = stringEnd(this.source, this.base + j) - this.base - 1;
        continue;
      }
      if (c === '[') depth++;
      if (c === ']' && --depth === 0) return j;
    }
    this.fail('this [ is never closed');
  }
}

/** The members of a union as Python's typing flattens them: nested unions opened, repeats once. */
function unionMembers(expr: TypeExpr): TypeExpr[] {
  const out: TypeExpr[] = [];
  const seen = new Set<string>();
  const add = (e: TypeExpr) => {
    if (e.kind === 'union') return e.members.forEach(add);
    if (e.kind === 'name' && (e.name === 'Optional' || e.name === 'Union') && e.args) {
      e.args.forEach(add);
      if (e.name === 'Optional') add({ kind: 'name', name: 'None', offset: e.offset });
      return;
    }
    const key = JSON.stringify(e, (k, v) => (k === 'offset' ? undefined : v === 'NoneType' ? 'None' : v));
    if (seen.has(key)) return;
    seen.add(key);
    out.push(e);
  };
  add(expr);
  return out;
}

function schemaOf(expr: TypeExpr | undefined, typedDicts: ReadonlyMap<string, TypedDictInfo>, source: string, budget: { left: number }): JsonSchema {
  if (--budget.left < 0) throw new PythonReadError(positionAt(source, expr?.offset ?? 0), `this annotation expands to more than ${formatCount(HANDLERS_LIMITS.typeDepth * 64)} types; Callboard reads at most that many: write it smaller`);
  if (!expr || expr.kind === 'opaque') return {};
  if (expr.kind === 'union' || (expr.kind === 'name' && (expr.name === 'Optional' || expr.name === 'Union'))) {
    const members = unionMembers(expr);
    if (members.length === 1) return schemaOf(members[0], typedDicts, source, budget);
    return { anyOf: members.map((m) => schemaOf(m, typedDicts, source, budget)) };
  }
  const { name, args } = expr;
  if (!args && BASIC[name]) return { ...BASIC[name] };
  if (name === 'Annotated' && args) return schemaOf(args[0], typedDicts, source, budget);
  if (name === 'Any' && !args) return { type: 'object', properties: {} };
  if (name === 'Literal') return {};
  const origin = { list: 'array', List: 'array', tuple: 'array', Tuple: 'array', set: 'array', Set: 'array', dict: 'object', Dict: 'object' }[name];
  if (origin && args && args.length > 0) {
    if (origin === 'array') return { type: 'array', items: schemaOf(args[0], typedDicts, source, budget) };
    if (origin === 'object' && args.length === 2) return { type: 'object', additionalProperties: schemaOf(args[1], typedDicts, source, budget) };
  }
  if ((name === 'List' || name === 'Dict' || name === 'Tuple' || name === 'Set') && !args) return {};
  const typed = typedDicts.get(name);
  if (typed && !args) {
    const properties: Record<string, JsonSchema> = {};
    for (const field of typed.fields) properties[field.name] = schemaOf(new TypeParser(field.annotation, field.offset, source, HANDLERS_LIMITS.typeDepth).parse(), typedDicts, source, budget);
    const required = typed.total ? typed.fields.map((f) => f.name) : [];
    return { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
  }
  throw new PythonReadError(positionAt(source, expr.offset), `Callboard cannot tell what schema Pipecat derives for ${name}${args ? '[…]' : ''} (it does not run Python): use str, int, float, bool, list[…], dict[str, …], Optional[…], Literal[…], or a TypedDict written in this file`);
}

const DEF = /^(async\s+)?def\s+([A-Za-z_]\w*)\s*\(/;
const CLASS = /^class\s+([A-Za-z_]\w*)\s*\(([^)]*)\)\s*:/;

export function readHandlers(text: string, limits = HANDLERS_LIMITS, now: () => number = () => performance.now()): HandlersModule {
  const problems: HandlerProblem[] = [];
  const refuse = (at: Position, message: string): HandlersModule => ({ functions: [], problems: [{ severity: 'error', ...at, message }] });
  if (text.length > limits.bytes) return refuse({ line: 1, column: 1 }, `this handlers.py is ${formatBytes(text.length)}; Callboard reads at most ${formatBytes(limits.bytes)}: split it into modules`);
  const deadline = now() + limits.millis;
  let lines;
  try {
    lines = logicalLines(text, (at) => {
      if (now() > deadline) throw new PythonReadError(positionAt(text, at), `reading handlers.py took more than ${formatCount(limits.millis)} ms and stopped here: make it smaller`);
    });
  } catch (error) {
    if (error instanceof PythonReadError) return refuse(error.at, error.message);
    throw error;
  }
  // TypedDict classes first: a function may name one written below it (with `from __future__ import annotations`).
  const typedDicts = new Map<string, TypedDictInfo>();
  lines.forEach((line, index) => {
    if (line.indent !== 0) return;
    const head = CLASS.exec(text.slice(line.start, line.end));
    if (!head || !/\bTypedDict\b/.test(head[2])) return;
    const total = !/total\s*=\s*False/.test(head[2]);
    const fields: TypedDictInfo['fields'] = [];
    for (const inner of lines.slice(index + 1)) {
      if (inner.indent === 0) break;
      const field = /^([A-Za-z_]\w*)\s*:\s*(.+)$/s.exec(text.slice(inner.start, inner.end));
      if (field) fields.push({ name: field[1], annotation: field[2].trim(), offset: inner.start + text.slice(inner.start, inner.end).indexOf(field[2]) });
    }
    typedDicts.set(head[1], { fields, total });
  });

  const functions: HandlerFunction[] = [];
  let decorators: string[] = [];
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    if (line.indent !== 0) continue;
    const statement = text.slice(line.start, line.end);
    if (statement.startsWith('@')) {
      decorators.push(statement);
      continue;
    }
    const head = DEF.exec(statement);
    if (!head) {
      decorators = [];
      continue;
    }
    if (functions.length >= limits.functions) return refuse(positionAt(text, line.start), `this handlers.py has more than ${formatCount(limits.functions)} functions; Callboard reads at most that many: split it into modules`);
    try {
      functions.push(readFunction(text, line, lines.slice(index + 1), head, decorators, typedDicts, problems));
    } catch (error) {
      if (!(error instanceof PythonReadError)) throw error;
      problems.push({ severity: 'error', ...error.at, message: error.message });
    }
    decorators = [];
  }
  return { functions, problems };
}

function readFunction(text: string, line: { start: number; end: number }, after: { start: number; end: number; indent: number }[], head: RegExpExecArray, decorators: string[], typedDicts: ReadonlyMap<string, TypedDictInfo>, problems: HandlerProblem[]): HandlerFunction {
  const name = head[2];
  const at = positionAt(text, line.start + (head[1]?.length ?? 0));
  const open = line.start + head[0].length - 1;
  // The matching `)` of the parameter list.
  let depth = 0;
  let close = -1;
  for (let i = open; i < line.end; i++) {
    const c = text[i];
    if (c === '"' || c === "'") {
      i = stringEnd(text, i) - 1;
      continue;
    }
    if (c === '(' || c === '[' || c === '{') depth++;
    if ((c === ')' || c === ']' || c === '}') && --depth === 0) {
      close = i;
      break;
    }
  }
  if (close < 0) throw new PythonReadError(positionAt(text, open), `the parameters of ${name} are never closed with )`);
  const budget = { left: HANDLERS_LIMITS.typeDepth * 64 };
  const parts = splitTopLevel(text.slice(open + 1, close), open + 1, text);
  const raw: { name: string; annotation?: string; annotationAt?: number; default?: string; at: Position }[] = [];
  for (const part of parts) {
    if (part.text === '*' || part.text === '/') continue;
    if (part.text.startsWith('*')) throw new PythonReadError(positionAt(text, part.offset), `Callboard does not read ${part.text.split(':')[0].trim()} in a tool (Pipecat would offer the model a parameter named ${part.text.replace(/^\*+/, '').split(':')[0].trim()}): name each parameter`);
    const named = /^([A-Za-z_]\w*)\s*/.exec(part.text);
    const rest = named ? part.text.slice(named[0].length) : '';
    if (!named || (rest !== '' && rest[0] !== ':' && rest[0] !== '=')) throw new PythonReadError(positionAt(text, part.offset), `Callboard cannot read this parameter (${part.text.slice(0, 40)}): write name: type = default`);
    let annotation: string | undefined;
    let fallback: string | undefined;
    if (rest[0] === ':') {
      const written = rest.slice(1);
      const eq = topLevelEquals(written);
      annotation = (eq >= 0 ? written.slice(0, eq) : written).trim();
      if (eq >= 0) fallback = written.slice(eq + 1).trim();
    } else if (rest[0] === '=') fallback = rest.slice(1).trim();
    const annotationAt = annotation ? part.offset + part.text.indexOf(annotation, named[0].length) : undefined;
    raw.push({ name: named[1], ...(annotation ? { annotation, annotationAt } : {}), ...(fallback !== undefined ? { default: fallback } : {}), at: positionAt(text, part.offset) });
  }
  // The docstring: the body's first statement, when it is a string literal.
  const header = text.slice(close + 1, line.end);
  const colon = header.indexOf(':');
  const returns = /^\s*->\s*([\s\S]*?)\s*:/.exec(header)?.[1];
  // flow.py `_warn_if_annotated_with_node`: the annotation's text, or its repr when Python evaluated it
  // (then an alias such as ConsolidatedFunctionResult shows the NodeConfig inside it).
  const evaluated = !/^from\s+__future__\s+import\s+[^\n]*\bannotations\b/m.test(text) && !/^['"]/.test(returns ?? '');
  const annotatedWithNode = returns !== undefined && (/NodeConfig/.test(returns) || (evaluated && /ConsolidatedFunctionResult/.test(returns)));
  const inline = colon >= 0 ? header.slice(colon + 1).trim() : '';
  const bodyLines = inline ? [] : after.slice(0, Math.max(0, after.findIndex((l) => l.indent === 0) < 0 ? after.length : after.findIndex((l) => l.indent === 0)));
  let docstring: string | undefined;
  // The body is the text after the header's line (after the docstring's, when there is one): comments and blank lines kept.
  let bodyFrom = line.end + 1;
  const first = bodyLines[0];
  if (first && /^[rRuU]?('''|"""|'|")/.test(text.slice(first.start, first.start + 4))) {
    const end = stringEnd(text, first.start);
    if (text.slice(end, first.end).trim() === '') {
      docstring = stringValue(text, first.start, end);
      bodyFrom = first.end + 1;
    }
  }
  const lastEnd = bodyLines.length > 0 ? bodyLines[bodyLines.length - 1].end : line.end;
  const body = inline || (bodyFrom < lastEnd ? text.slice(bodyFrom, lastEnd) : '');

  const parsed = parseDocstring(docstring ?? '');
  if (parsed.otherStyle) problems.push({ severity: 'warning', ...at, message: `the docstring of ${name} looks ${parsed.otherStyle}; Callboard reads Google style (Args:) only, and docstring_parser may read this one otherwise: write the parameters under Args:` });
  const isAsync = Boolean(head[1]);
  const firstParam = raw[0]?.name;
  const invalid = !isAsync ? `Direct function ${name} must be async` : raw.length === 0 ? `Direct function ${name} must have at least one parameter (flow_manager)` : firstParam !== 'flow_manager' ? `Direct function ${name} first parameter must be named 'flow_manager'` : undefined;
  const params: HandlerParam[] = raw.slice(1).filter((p) => p.name !== 'self').map((p) => {
    const expr = p.annotation ? new TypeParser(p.annotation, p.annotationAt!, text, HANDLERS_LIMITS.typeDepth).parse() : undefined;
    const schema = schemaOf(expr, typedDicts, text, budget);
    const doc = [...parsed.params].reverse().find((d) => d.name === p.name);
    // Pipecat sets the description of every parameter the docstring names, the last entry winning.
    if (doc) schema.description = doc.description;
    return { name: p.name, ...(p.annotation ? { annotation: p.annotation } : {}), ...(p.default !== undefined ? { default: p.default } : {}), ...(doc ? { description: doc.description } : {}), schema, at: p.at };
  });
  return { name, isAsync, at, ...(firstParam ? { firstParam } : {}), params, ...(docstring !== undefined ? { docstring } : {}), description: parsed.description, decorators, body, ...(invalid ? { invalid } : {}), ...(returns ? { returns } : {}), annotatedWithNode };
}

/** The first `=` outside brackets and strings (a parameter's default), or -1. */
function topLevelEquals(text: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'") {
      for (i++; i < text.length && text[i] !== c; i++) if (text[i] === '\\') i++;
      continue;
    }
    if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth--;
    else if (c === '=' && depth === 0) return i;
  }
  return -1;
}

/** What Pipecat's `FlowsDirectFunctionWrapper(fn).to_function_schema()` holds for `fn`. */
export function derivedSchema(fn: HandlerFunction): DerivedSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const p of fn.params) {
    properties[p.name] = p.schema;
    if (p.default === undefined) required.push(p.name);
  }
  return { name: fn.name, description: fn.description, properties, required };
}

/** The names a flow's references are checked against (graph.ts `checkHandlers`). */
export function handlerNames(module: HandlersModule): HandlerNames {
  return { functions: new Map(module.functions.map((f) => [f.name, f.invalid])), annotatedWithNode: new Set(module.functions.filter((f) => f.annotatedWithNode).map((f) => f.name)) };
}

