// A Pinecall class in Ruby → the document, as far as the gem's documentation describes the format
// (export.ts says what): read line by line, since no Ruby parser runs here. The comment above the
// class is the persona; `stage`, `state`, `tool` + `def` are read; a tool's body is kept as
// written and its stage moves are read where they are the exporter's `if stage == :a && … /
// self.stage = :b` chain; any other member is kept as code. The view `views/<slug>.erb` gives each
// stage its `<% if stage == :x -%>` section. Bounded: at most MAX_LINES lines, literals nested at
// most 32 deep; an error names its line.
import type { AgentDocument, Block, Edge, JsonSchema, Stage, StateField, Tool, ToolCondition } from '../../../../model';
import { CURRENT_VERSION, DOCUMENT_FORMAT, newId, refFromName, validateDocument } from '../../../../model';
import { agentNameOfClass } from '../../../../model/names';
import { withKeptSource } from '../../../../formats/kept-source';
import { readPairs, readRubyLiteral, RubyConstant, RubyLiteralError, rubyJson, RubySymbol, type RubyValue } from './ruby-literal';
import { commentAbove, joinedCode, openBrackets, rubyOneLine, statementEnd, topLevelPieces, withoutComment } from './scan';
import { viewErb, writePinecallRuby } from './write';
import { rubyCodeWrites, type RubyCodeWrite } from './code-writes';

export const MAX_LINES = 20_000;

export interface RubyImportError {
  line: number;
  column: number;
  message: string;
}

export type PinecallRubyImport =
  | { ok: true; doc: AgentDocument; warnings: RubyImportError[] }
  | { ok: false; errors: RubyImportError[] };

/** What the document has no place for, written back by the Ruby export as it was read. */
export interface PinecallRubyPreserved {
  /** Class statements that are no stage, state or tool, as written. */
  members?: string[];
  /** A tool's body as written, by the tool's name, where it is not the exporter's own. */
  bodies?: Record<string, string>;
  /** A tool's `when:` as written (a lambda over the state), by the tool's name. */
  whens?: Record<string, string>;
  /** The stage writes a kept body makes beyond the moves read as edges, by the tool's name (code-writes.ts). */
  codeWrites?: Record<string, RubyCodeWrite[]>;
}

/** A symbol as the exporter writes one (`:greet`, `:"two words"`): its pattern, and its name from a match of it. */
const SYMBOL = String.raw`:(?:"((?:[^"\\]|\\.)*)"|([A-Za-z_]\w*[?!]?))`;
const symbolName = (quoted: string | undefined, bare: string | undefined): string => (quoted !== undefined ? JSON.parse(`"${quoted}"`) as string : bare!);

const OPENS = /^(?:def|class|module|if|unless|while|until|case|begin|for)\b|\bdo\s*(?:\|[^|]*\|)?\s*$/;

/** The line where the block opened at `start` ends (its `end`), counting what opens and closes between; -1 when it never closes. */
function blockEnd(lines: string[], start: number): number {
  let depth = 0;
  for (let i = start; i < lines.length; i++) {
    const code = lines[i].replace(/#.*$/, '').trim();
    if (code === '') continue;
    // `x = 1 if y` is a modifier, not a block; `def f = 1` has no end.
    if (OPENS.test(code) && !/^def\s[^(]*(\([^)]*\))?\s*=/.test(code)) depth++;
    if (/^end\b/.test(code) || /;\s*end\s*$/.test(code)) depth--;
    if (depth === 0) return i;
  }
  return -1;
}

/** A comment's text: each line past its `# `, blank lines at the ends dropped (spaces inside a line are the writer's). */
function commentText(lines: string[]): string {
  const text = lines.map((l) => l.replace(/^\s*#\s?/, '').trimEnd());
  while (text.length && text[0] === '') text.shift();
  while (text.length && text.at(-1) === '') text.pop();
  return text.join('\n');
}

const asSymbols = (value: RubyValue | undefined): string[] | undefined => {
  if (value instanceof RubySymbol) return [value.name];
  if (Array.isArray(value) && value.every((v) => v instanceof RubySymbol || typeof v === 'string')) return value.map((v) => (v instanceof RubySymbol ? v.name : v as string));
  return undefined;
};

interface ReadTool {
  tool: Tool;
  stages?: string[];
  /** A `when:` as written (a lambda): Ruby, kept for the Ruby export; the tool is offered as if it held. */
  when?: string;
  moves: { from?: string; to: string; conditions: { param: string; expected: string }[] }[];
  /** The body's lines (0-based) whose moves are read as edges. */
  movesRead: Set<number>;
}

/**
 * The moves a body makes that the document holds as edges, with the body's lines (0-based) that make
 * them: an unconditional `self.stage = :b` at the body's top level, and the branches of a top-level
 * `if stage == :a && p.to_s.downcase == "v"` … chain (the exporter's) whose every term is such a
 * comparison. Any other write is the code's own (code-writes.ts).
 */
function readMoves(body: string[]): { moves: ReadTool['moves']; lines: Set<number> } {
  const moves: ReadTool['moves'] = [];
  const lines = new Set<number>();
  const indents = body.filter((l) => l.trim() !== '').map((l) => l.length - l.trimStart().length);
  const top = indents.length ? Math.min(...indents) : 0;
  // The guard of the top-level branch the line stands in: null outside any, undefined in a branch that is no plain comparison.
  let guard: { from?: string; conditions: { param: string; expected: string }[] } | null | undefined = null;
  let chainReadable = false;
  body.forEach((raw, i) => {
    const line = raw.trim();
    const indent = raw.length - raw.trimStart().length;
    if (line === '') return;
    if (indent === top) {
      const branch = /^(if|elsif)\s+(.+)$/.exec(line);
      if (branch) {
        if (branch[1] === 'if') chainReadable = true;
        let read: typeof guard = { conditions: [] };
        for (const term of branch[2].split(/\s*&&\s*/)) {
          const stage = new RegExp(`^stage == ${SYMBOL}$`).exec(term);
          const value = /^([a-z_]\w*)\.to_s\.downcase == "((?:[^"\\]|\\.)*)"$/.exec(term);
          const given = /^!([a-z_]\w*)\.to_s\.empty\?$/.exec(term);
          if (stage) read.from = symbolName(stage[1], stage[2]);
          else if (value) read.conditions.push({ param: value[1], expected: JSON.parse(`"${value[2]}"`) as string });
          else if (given) read.conditions.push({ param: given[1], expected: '*' });
          else { read = undefined; break; }
        }
        if (!read) chainReadable = false;
        guard = chainReadable ? read : undefined;
        return;
      }
      if (line === 'else') { guard = chainReadable ? { conditions: [] } : undefined; return; }
      if (line === 'end') { guard = null; return; }
    }
    const move = new RegExp(`^self\\.stage = ${SYMBOL}$`).exec(line);
    const plain = guard === null ? indent === top : guard !== undefined && indent > top;
    if (move && plain) {
      moves.push({ ...(guard ?? { conditions: [] }), to: symbolName(move[1], move[2]) });
      lines.add(i);
    }
  });
  return { moves, lines };
}

export function importPinecallRuby(text: string, options: { view?: string } = {}): PinecallRubyImport {
  const lines = text.split(/\r?\n/);
  const errors: RubyImportError[] = [];
  const warnings: RubyImportError[] = [];
  if (lines.length > MAX_LINES) return { ok: false, errors: [{ line: MAX_LINES + 1, column: 1, message: `the file has ${lines.length} lines; Callboard reads a class of at most ${MAX_LINES}` }] };
  const at = (line: number, message: string, column = 1) => ({ line: line + 1, column, message });
  const classLine = lines.findIndex((l) => /^\s*class\s+[A-Z]\w*\s*<\s*(?:::)?Pinecall::Agent\b/.test(l));
  if (classLine < 0) return { ok: false, errors: [at(0, 'no agent class here; write class <Name> < Pinecall::Agent (with require "pinecall")')] };
  const className = /class\s+([A-Z]\w*)/.exec(lines[classLine])![1];
  const end = blockEnd(lines, classLine);
  if (end < 0) return { ok: false, errors: [at(classLine, `class ${className} never ends: add \`end\` after its last member`)] };
  let first = classLine;
  while (first > 0 && /^\s*#/.test(lines[first - 1]) && !/^\s*#\s*frozen_string_literal:/.test(lines[first - 1])) first--;
  const persona = commentText(lines.slice(first, classLine));

  let stageNames: string[] | undefined;
  const state: StateField[] = [];
  const tools: ReadTool[] = [];
  const preserved: PinecallRubyPreserved = {};
  let comment: string[] = [];
  let pendingTool: { pieces: string[]; line: number; column: number } | undefined;
  const keep = (from: number, to: number) => {
    (preserved.members ??= []).push([...comment, ...lines.slice(from, to + 1)].map((l) => l.slice(Math.min(2, l.length - l.trimStart().length))).join('\n'));
    comment = [];
  };
  for (let i = classLine + 1; i < end; i++) {
    const line = lines[i];
    const code = line.trim();
    if (code === '') { comment = []; continue; }
    if (code.startsWith('#')) { comment.push(line); continue; }
    const indent = line.length - line.trimStart().length;
    if (/^stage\b(?!\s*[=(.])/.test(code)) {
      const last = statementEnd(lines, i, end);
      try {
        const read = readRubyLiteral(`[${joinedCode(lines, i, last).replace(/^stage\s*/, '')}]`);
        stageNames = asSymbols(read.value) ?? [];
        if (!stageNames.length) errors.push(at(i, 'stage takes the stages as symbols: stage :greet, :book', indent + 1));
      } catch (error) {
        errors.push(at(i, `stage: ${(error as Error).message}; write stage :greet, :book`, indent + 1));
      }
      comment = [];
      i = last;
      continue;
    }
    const stateDecl = new RegExp(`^state\\s+${SYMBOL}\\s*(?:,\\s*(.*))?$`).exec(code);
    // `state(:x) { … }` and `state :x do … end` are derived: code the class runs, kept as written.
    if (stateDecl && !/\bdo\s*(\|[^|]*\|)?\s*$/.test(code) && openBrackets(withoutComment(code)) === 0) {
      readState(stateDecl, i, indent);
      continue;
    }
    if (/^tool\b(?!\s*[=(.])/.test(code) || /^tool\($/.test(code)) {
      const last = statementEnd(lines, i, end);
      const source = joinedCode(lines, i, last).replace(/^tool\s*/, '');
      pendingTool = { pieces: topLevelPieces(source), line: i, column: indent + 1 };
      i = last;
      continue;
    }
    const def = /^def\s+((?:self\.)?[A-Za-z_]\w*[?!=]?)/.exec(code);
    if (def && pendingTool) {
      const close = blockEnd(lines, i);
      if (close < 0) { errors.push(at(i, `def ${def[1]} never ends: add its \`end\``, indent + 1)); break; }
      // The signature may run over several lines: `def f(a:,\n      b: nil)`.
      const signatureEnd = /^def\s+\S+?\(/.test(code) ? statementEnd(lines, i, close + 1) : i;
      const signature = /\((.*)\)\s*$/.exec(joinedCode(lines, i, signatureEnd))?.[1] ?? '';
      const read = readToolMethod(def[1], signature, pendingTool, commentAbove(lines, i), lines.slice(signatureEnd + 1, close), stageNames, className, (line, message) => errors.push(at(line, message, indent + 1)), i);
      if (read) {
        tools.push(read);
        const body = lines.slice(signatureEnd + 1, close).map((l) => l.slice(Math.min(indent + 2, l.length - l.trimStart().length))).join('\n');
        if (!isExportersBody(body)) {
          (preserved.bodies ??= {})[read.tool.name] = body;
          const writes = rubyCodeWrites(body, read.movesRead);
          if (writes.length) (preserved.codeWrites ??= {})[read.tool.name] = writes;
        }
        if (read.when !== undefined) (preserved.whens ??= {})[read.tool.name] = read.when;
      }
      pendingTool = undefined;
      comment = [];
      i = close;
      continue;
    }
    // Anything else is the team's own Ruby: kept as written, whole statement by whole statement.
    const until = (def && !/^def\s[^(]*(\([^)]*\))?\s*=/.test(code)) || OPENS.test(code) ? blockEnd(lines, i) : statementEnd(lines, i, end);
    const stop = until < 0 ? i : until;
    keep(i, stop);
    i = stop;
  }
  if (pendingTool) errors.push(at(pendingTool.line, 'tool declares the next method, and no method follows it; write its def below', pendingTool.column));
  if (errors.length) return { ok: false, errors };

  function readState(decl: RegExpExecArray, i: number, indent: number): void {
    const rest = decl[3] ?? '';
    const field: StateField = { id: newId(), name: symbolName(decl[1], decl[2]), type: 'string', pii: false, visibility: 'private' };
    try {
      let j = 0;
      const labelled = /^[a-z_]\w*:\s/.test(rest);
      field.default = null;
      if (rest && !labelled) {
        const value = readRubyLiteral(rest, 0);
        field.default = rubyJson(value.value);
        j = value.end;
        const comma = rest.slice(j).match(/^\s*,\s*/);
        j += comma ? comma[0].length : 0;
      }
      const opts = readPairs(rest, j, '').value;
      const visibility = opts.visibility instanceof RubySymbol ? opts.visibility.name : undefined;
      field.pii = visibility === 'pii';
      field.visibility = visibility === 'public' ? 'public' : 'private';
    } catch (error) {
      errors.push(at(i, `state ${field.name}: ${(error as Error).message}`, indent + 1));
    }
    field.type = typeOfDefault(field.default);
    const description = commentText(comment);
    if (description) field.description = description;
    if (state.some((f) => f.name === field.name)) errors.push(at(i, `declares ${field.name} twice; keep one`, indent + 1));
    else state.push(field);
    comment = [];
  }

  const block: Block = { id: newId(), name: className, ref: refFromName(className), intent: false };
  const names = stageNames ?? [];
  const view = readView(options.view ?? '', names);
  if (options.view !== undefined && options.view.trim() !== '' && !view.sections) {
    warnings.push(at(classLine, `the view is kept as written, since ${view.why}; the stages read no instructions from it, and the simulator renders it as the gem does (Ruby does not run here: a view beyond the subset Callboard interprets is said, not rendered)`));
  }
  const refs: string[] = [];
  const stages: Stage[] = names.map((name) => {
    const ref = refFromName(name, refs);
    refs.push(ref);
    return { id: newId(), name, ref, blockId: block.id, kind: 'turn', instructions: view.sections?.get(name) ?? '' };
  });
  const stageId = new Map(stages.map((s) => [s.name, s.id]));
  const edges: Edge[] = [];
  for (const read of tools) {
    read.tool.scope = read.stages ? { kind: 'stages', stageIds: read.stages.map((s) => stageId.get(s)).filter((id): id is string => id !== undefined) } : { kind: 'all' };
    const from = read.stages ?? names;
    for (const move of read.moves) {
      for (const stage of move.from ? [move.from] : from) {
        if (!stageId.has(stage) || !stageId.has(move.to)) continue;
        const conditions: ToolCondition[] = move.conditions.length
          ? move.conditions.map((c) => ({ kind: 'tool', toolId: read.tool.id, field: c.param, expected: c.expected }))
          : [{ kind: 'tool', toolId: read.tool.id, expected: '*' }];
        edges.push({ id: newId(), from: stageId.get(stage)!, to: stageId.get(move.to)!, kind: 'edge', conditions });
      }
    }
  }
  const doc: AgentDocument = {
    format: DOCUMENT_FORMAT, version: CURRENT_VERSION, id: newId(), name: agentNameOfClass(className), target: 'pinecall', language: 'ruby',
    persona, llm: {}, opening: 'caller', state, blocks: stages.length ? [block] : [], stages, edges, tools: tools.map((t) => t.tool),
    entryStageId: stages[0]?.id ?? null, layout: { positions: {}, sizes: {} },
    ...(Object.keys(preserved).length ? { preserved: { pinecallRuby: preserved as Record<string, unknown> } } : {}),
  };
  const valid = validateDocument(doc);
  if (!valid.ok) return { ok: false, errors: valid.errors.map((e) => at(classLine, `the class reads as an invalid document: ${e.path} ${e.message}`)) };
  // The class and its view as written: an export merges the edits into them (kept-source.ts).
  const written = writePinecallRuby(valid.doc);
  let kept = withKeptSource(valid.doc, 'pinecallRuby', text, written.text);
  if (options.view !== undefined) kept = withKeptSource(kept, 'pinecallRubyView', options.view, viewErb(valid.doc) ?? '');
  return { ok: true, doc: kept, warnings };
}

const typeOfDefault = (value: unknown): StateField['type'] =>
  typeof value === 'boolean' ? 'boolean' : typeof value === 'number' ? (Number.isInteger(value) ? 'integer' : 'number') : Array.isArray(value) ? 'array'
    : value && typeof value === 'object' ? 'object' : 'string';

/** Whether a body is what the exporter writes (no code of the team's own): its result and its moves only. */
const isExportersBody = (body: string): boolean =>
  /^\s*# No Ruby implementation yet/m.test(body) && body.split('\n').every((l) => /^\s*(# No Ruby implementation yet: .*|# Where this tool moves the call: .*)?$/.test(l)
    || /^\s*(result = .*|result|\{.*\}|if .*|elsif .*|else|end|self\.stage = .*|nil|true|false|-?\d.*|".*"|\[.*\])$/.test(l));

/** The options `tool` takes (pinecall/ruby `Tools::Declaring#tool`, with `announce` as `Spec.build` sends it). */
const TOOL_OPTIONS = new Set(['when', 'stage', 'confirm', 'preview', 'pii', 'timeout', 'params', 'doc', 'announce']);

/** A `params:` type as the gem's `Spec.schema_of` reads it: a class, `[Class]`, or a schema written as a hash; anything else is text. */
function schemaOfType(value: RubyValue | undefined): JsonSchema {
  if (value === undefined || value === null) return { type: 'string' };
  if (value instanceof RubyConstant) {
    const name = value.name.replace(/^::/, '');
    const byClass: Record<string, JsonSchema> = {
      Integer: { type: 'integer' }, Float: { type: 'number' }, Numeric: { type: 'number' }, TrueClass: { type: 'boolean' }, FalseClass: { type: 'boolean' },
      Array: { type: 'array', items: { type: 'string' } }, Hash: { type: 'object', additionalProperties: true },
    };
    return byClass[name] ?? { type: 'string' };
  }
  if (Array.isArray(value)) return { type: 'array', items: schemaOfType(value[0]) };
  if (typeof value === 'object' && !(value instanceof RubySymbol)) return rubyJson(value) as JsonSchema;
  return { type: 'string' };
}

function readToolMethod(
  name: string, signature: string, declared: { pieces: string[]; line: number }, comment: string[], body: string[],
  stageNames: string[] | undefined, className: string, error: (line: number, message: string) => void, defLine: number,
): ReadTool | undefined {
  const options = new Map<string, string>();
  for (const piece of declared.pieces) {
    const label = /^([A-Za-z_]\w*):\s*([\s\S]*)$/.exec(piece);
    if (!label) { error(declared.line, `tool: ${piece} is not an option; write tool stage: :x, confirm: "…"`); continue; }
    options.set(label[1], label[2]);
  }
  const unknown = [...options.keys()].filter((k) => !TOOL_OPTIONS.has(k));
  if (unknown.length) error(declared.line, `@tool takes no ${unknown.join(', ')}`);
  const literal = (key: string): RubyValue | undefined => {
    const source = options.get(key);
    if (source === undefined) return undefined;
    try {
      const read = readRubyLiteral(source);
      if (source.slice(read.end).trim() !== '') throw new RubyLiteralError('not a literal Callboard reads (a string, number, symbol, list, hash or class name)', read.end);
      return read.value;
    } catch (e) {
      error(declared.line, `tool ${name}: ${key}: ${(e as Error).message}`);
      return undefined;
    }
  };
  if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(name)) error(defLine, `a tool name is one word a model can call, not ${name}`);
  const doc = literal('doc');
  const description = typeof doc === 'string' && doc !== '' ? doc : comment.join('\n');
  if (rubyOneLine(description.split('\n')) === '') {
    error(defLine, `tool ${name}: without a docstring no model can choose it; write a \`# one line\` comment above it, or pass doc: "…" for a class with no source to read`);
  }
  const types = literal('params');
  const typed = types && typeof types === 'object' && !Array.isArray(types) && !(types instanceof RubySymbol) && !(types instanceof RubyConstant) ? types as Record<string, RubyValue> : {};
  // Ruby lists a method's required keywords before its optional ones (Method#parameters), and so does the schema.
  const requiredNames: string[] = [];
  const optionalNames: string[] = [];
  for (const part of topLevelPieces(signature)) {
    if (part.startsWith('&')) continue;
    const kw = /^([a-z_]\w*):(?:\s*([\s\S]*))?$/.exec(part);
    if (!kw) {
      const called = /^\*{0,2}([a-z_]\w*)/.exec(part)?.[1] ?? part;
      error(defLine, `tool ${name}: a model fills a JSON object by name, so a tool takes keyword arguments; ${called} is not one`);
      continue;
    }
    (kw[2] === undefined || kw[2].trim() === '' ? requiredNames : optionalNames).push(kw[1]);
  }
  const properties: Record<string, JsonSchema> = {};
  for (const param of [...requiredNames, ...optionalNames]) {
    Object.defineProperty(properties, param, { value: schemaOfType(Object.hasOwn(typed, param) ? typed[param] : undefined), enumerable: true, writable: true, configurable: true });
  }
  const stageOption = options.has('stage') ? asSymbols(literal('stage') ?? undefined) : undefined;
  if (stageOption) {
    if (!stageNames) error(declared.line, `tool ${name}: stage names a value of this agent's own stage field, and ${className} declares none; add \`stage :identify, :book\` to the class, or ask \`when:\` instead`);
    else {
      const unknownStages = stageOption.filter((s) => !stageNames.includes(s));
      if (unknownStages.length) error(declared.line, `tool ${name}: ${unknownStages.join(', ')} is not one of this agent's stages (${stageNames.join(', ')})`);
    }
  }
  const pii = options.has('pii') ? asSymbols(literal('pii') ?? undefined) ?? [] : [];
  const unknownPii = pii.filter((p) => !Object.hasOwn(properties, p));
  if (unknownPii.length) error(declared.line, `tool ${name}: pii names parameters the tool has; unknown: ${unknownPii.join(', ')}`);
  const confirm = literal('confirm');
  const announce = literal('announce');
  const preview = literal('preview');
  const timeout = literal('timeout');
  const tool: Tool = {
    id: newId(), kind: 'function', name, description,
    parameters: { type: 'object', properties, required: requiredNames, additionalProperties: false },
    scope: { kind: 'all' }, fallback: false, pii,
    ...(typeof confirm === 'string' ? { confirm } : {}),
    ...(typeof announce === 'string' ? { announce } : {}),
    ...(typeof preview === 'number' ? { preview } : {}),
    ...(typeof timeout === 'number' ? { timeout } : {}),
  };
  // The exporter's body returns the tool's mock result, said so on the line before it: read back as the mock.
  const said = body.findIndex((l) => /^\s*# No Ruby implementation yet: returns its mock result\.$/.test(l));
  if (said >= 0 && body[said + 1] !== undefined) {
    try {
      const source = body[said + 1].trim().replace(/^result = /, '');
      const mock = readRubyLiteral(source);
      if (source.slice(mock.end).trim() === '') tool.mock = rubyJson(mock.value);
    } catch {
      // Not a literal: the body is the team's, kept as written.
    }
  }
  const read = readMoves(body);
  return { tool, stages: stageOption, moves: read.moves, movesRead: read.lines, ...(options.has('when') ? { when: options.get('when') } : {}) };
}

/**
 * Each stage's instructions from the view, when the view is one `<% if stage == :x -%>` section
 * per stage of text and `<%= x %>` placeholders (read as `{{ x }}`), or, for a class without
 * stages, text and placeholders only. Any other ERB (an `elsif` chain, a loop, a condition on the
 * state) is the team's code: the view is kept as written, and `why` says what made it so.
 */
function readView(view: string, stages: string[]): { sections?: Map<string, string>; why?: string } {
  const out = new Map<string, string>();
  const placeholders = (text: string) => text.replace(/<%=\s*([A-Za-z_][\w.]*)\s*%>/g, '{{ $1 }}');
  const code = (text: string) => /<%(?!=\s*[A-Za-z_][\w.]*\s*%>)/.exec(text);
  if (view.trim() === '') return { sections: out };
  if (!stages.length) {
    const found = code(view);
    if (found) return { why: `it runs ERB beyond placeholders (${view.slice(found.index, found.index + 30).split('\n')[0]})` };
    out.set('', placeholders(view.replace(/\n$/, '')));
    return { sections: out };
  }
  const section = new RegExp(`<% if stage == ${SYMBOL} -%>\\n([\\s\\S]*?)\\n<% end -%>\\n?`, 'g');
  let rest = view;
  for (const match of view.matchAll(section)) {
    const name = symbolName(match[1], match[2]);
    if (code(match[3])) return { why: `the section of ${name} runs ERB beyond placeholders` };
    if (out.has(name) || !stages.includes(name)) return { why: `it has a section for ${name} ${out.has(name) ? 'twice' : 'that is no stage'}` };
    out.set(name, placeholders(match[3]));
    rest = rest.replace(match[0], '');
  }
  if (rest.trim() !== '') return { why: `it has more than one section per stage (${rest.trim().split('\n')[0].slice(0, 40)})` };
  return { sections: out };
}
