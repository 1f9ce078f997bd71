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
import { readPairs, readRubyLiteral, RubyConstant, RubyLiteralError, rubyJson, RubySymbol, type RubyValue } from './ruby-literal';

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

/** A `params:` type as JSON Schema: String, Integer, Float, a schema hash. */
function schemaOfType(value: RubyValue): JsonSchema | undefined {
  if (value instanceof RubyConstant) return ({ String: { type: 'string' }, Integer: { type: 'integer' }, Float: { type: 'number' }, Numeric: { type: 'number' } } as Record<string, JsonSchema>)[value.name];
  const json = rubyJson(value);
  return json && typeof json === 'object' && !Array.isArray(json) ? json as JsonSchema : undefined;
}

interface ReadTool {
  tool: Tool;
  stages?: string[];
  moves: { from?: string; to: string; conditions: { param: string; expected: string }[] }[];
}

/** The exporter's chain (`if stage == :a && p.to_s.downcase == "v"` … `self.stage = :b`) read back; other bodies move nothing the document holds. */
function readMoves(body: string[]): ReadTool['moves'] {
  const moves: ReadTool['moves'] = [];
  let guard: { from?: string; conditions: { param: string; expected: string }[] } | undefined = { conditions: [] };
  for (const raw of body) {
    const line = raw.trim();
    const branch = /^(?:if|elsif)\s+(.+)$/.exec(line);
    if (branch) {
      guard = { conditions: [] };
      for (const term of branch[1].split(/\s*&&\s*/)) {
        const stage = new RegExp(`^stage == ${SYMBOL}$`).exec(term);
        const value = /^([a-z_]\w*)\.to_s\.downcase == "((?:[^"\\]|\\.)*)"$/.exec(term);
        const given = /^!([a-z_]\w*)\.to_s\.empty\?$/.exec(term);
        if (stage) guard.from = symbolName(stage[1], stage[2]);
        else if (value) guard.conditions.push({ param: value[1], expected: JSON.parse(`"${value[2]}"`) as string });
        else if (given) guard.conditions.push({ param: given[1], expected: '*' });
        else guard = undefined;
        if (!guard) break;
      }
      continue;
    }
    if (line === 'else') { guard = { conditions: [] }; continue; }
    const move = new RegExp(`^self\\.stage = ${SYMBOL}$`).exec(line);
    if (move && guard) moves.push({ ...guard, to: symbolName(move[1], move[2]) });
  }
  return moves;
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

  let stageNames: string[] = [];
  const state: StateField[] = [];
  const tools: ReadTool[] = [];
  const preserved: PinecallRubyPreserved = {};
  let comment: string[] = [];
  let pendingTool: { options: Record<string, RubyValue>; line: number } | undefined;
  const literal = (line: number, source: string, column: number) => {
    try {
      return readPairs(source, 0, '').value;
    } catch (error) {
      const offset = error instanceof RubyLiteralError ? error.offset : 0;
      errors.push(at(line, `${(error as Error).message}`, column + offset));
      return undefined;
    }
  };
  for (let i = classLine + 1; i < end; i++) {
    const line = lines[i];
    const code = line.trim();
    if (code === '') { comment = []; continue; }
    if (code.startsWith('#')) { comment.push(line); continue; }
    const indent = line.length - line.trimStart().length;
    const stageDecl = /^stage\s+(.+)$/.exec(code);
    if (stageDecl) {
      try {
        const read = readRubyLiteral(`[${stageDecl[1]}]`);
        stageNames = asSymbols(read.value) ?? [];
        if (!stageNames.length) errors.push(at(i, 'stage takes the stages as symbols: stage :greet, :book', indent + 1));
      } catch (error) {
        errors.push(at(i, `stage: ${(error as Error).message}; write stage :greet, :book`, indent + 1));
      }
      comment = [];
      continue;
    }
    const stateDecl = new RegExp(`^state\\s+${SYMBOL}\\s*(?:,\\s*(.*))?$`).exec(code);
    if (stateDecl) {
      const rest = stateDecl[3] ?? '';
      const field: StateField = { id: newId(), name: symbolName(stateDecl[1], stateDecl[2]), type: 'string', pii: false, visibility: 'private' };
      try {
        let j = 0;
        const labelled = /^[a-z_]\w*:\s/.test(rest);
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
      continue;
    }
    const toolDecl = /^tool(?:\s+(.*))?$/.exec(code);
    if (toolDecl) {
      const opts = toolDecl[1] ? literal(i, toolDecl[1], line.indexOf(toolDecl[1]) + 1) : {};
      pendingTool = opts ? { options: opts, line: i } : undefined;
      continue;
    }
    const def = /^def\s+([a-z_]\w*[?!]?)\s*(?:\((.*)\))?\s*$/.exec(code);
    const close = def ? blockEnd(lines, i) : -1;
    if (def && pendingTool) {
      if (close < 0) { errors.push(at(i, `def ${def[1]} never ends: add its \`end\``, indent + 1)); break; }
      const read = readToolMethod(def[1], def[2] ?? '', pendingTool.options, commentText(comment), lines.slice(i + 1, close), (message) => errors.push(at(i, message, indent + 1)));
      if (read) {
        tools.push(read);
        const body = lines.slice(i + 1, close).map((l) => l.slice(Math.min(indent + 2, l.length - l.trimStart().length))).join('\n');
        if (!isExportersBody(body)) (preserved.bodies ??= {})[read.tool.name] = body;
      }
      pendingTool = undefined;
      comment = [];
      i = close;
      continue;
    }
    // Anything else is the team's own Ruby: kept as written, whole statement by whole statement.
    const until = def || OPENS.test(code) ? blockEnd(lines, i) : i;
    const stop = until < 0 ? i : until;
    (preserved.members ??= []).push([...comment, ...lines.slice(i, stop + 1)].map((l) => l.slice(Math.min(2, l.length - l.trimStart().length))).join('\n'));
    comment = [];
    i = stop;
  }
  if (errors.length) return { ok: false, errors };

  const block: Block = { id: newId(), name: className, ref: refFromName(className), intent: false };
  const instructions = readView(options.view ?? '', stageNames);
  const refs: string[] = [];
  const stages: Stage[] = (stageNames.length ? stageNames : ['main']).map((name) => {
    const ref = refFromName(name, refs);
    refs.push(ref);
    return { id: newId(), name, ref, blockId: block.id, kind: 'turn', instructions: instructions.get(stageNames.length ? name : '') ?? '' };
  });
  const stageId = new Map(stages.map((s) => [s.name, s.id]));
  const edges: Edge[] = [];
  for (const read of tools) {
    read.tool.scope = read.stages ? { kind: 'stages', stageIds: read.stages.map((s) => stageId.get(s)).filter((id): id is string => id !== undefined) } : { kind: 'all' };
    const from = read.stages ?? stageNames;
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
    persona, llm: {}, opening: 'caller', state, blocks: [block], stages, edges, tools: tools.map((t) => t.tool),
    entryStageId: stages[0].id, layout: { positions: {}, sizes: {} },
    ...(Object.keys(preserved).length ? { preserved: { pinecallRuby: preserved as Record<string, unknown> } } : {}),
  };
  const valid = validateDocument(doc);
  if (!valid.ok) return { ok: false, errors: valid.errors.map((e) => at(classLine, `the class reads as an invalid document: ${e.path} ${e.message}`)) };
  return { ok: true, doc: valid.doc, warnings };
}

const typeOfDefault = (value: unknown): StateField['type'] =>
  typeof value === 'boolean' ? 'boolean' : typeof value === 'number' ? (Number.isInteger(value) ? 'integer' : 'number') : Array.isArray(value) ? 'array'
    : value && typeof value === 'object' ? 'object' : 'string';

/** Whether a body is what the exporter writes (no code of the team's own): its result and its moves only. */
const isExportersBody = (body: string): boolean =>
  /^\s*# No Ruby implementation yet/m.test(body) && body.split('\n').every((l) => /^\s*(# No Ruby implementation yet: .*|# Where this tool moves the call: .*)?$/.test(l)
    || /^\s*(result = .*|result|\{.*\}|if .*|elsif .*|else|end|self\.stage = .*|nil|true|false|-?\d.*|".*"|\[.*\])$/.test(l));

function readToolMethod(name: string, signature: string, options: Record<string, RubyValue>, description: string, body: string[], error: (message: string) => void): ReadTool | undefined {
  if (!description) error(`tool ${name}: without a docstring no model can choose it; write a comment above \`tool\``);
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const types = options.params && typeof options.params === 'object' && !Array.isArray(options.params) && !(options.params instanceof RubySymbol) && !(options.params instanceof RubyConstant) ? options.params as Record<string, RubyValue> : {};
  for (const part of signature.split(',').map((p) => p.trim()).filter(Boolean)) {
    const kw = /^([a-z_]\w*):\s*(.*)$/.exec(part);
    if (!kw) { error(`tool ${name}: a model fills a JSON object by name, so a tool takes keyword arguments: write ${part.replace(/\s*=.*$/, '')}:`); continue; }
    const schema = Object.hasOwn(types, kw[1]) ? schemaOfType(types[kw[1]]) ?? { type: 'string' } : { type: 'string' as const };
    Object.defineProperty(properties, kw[1], { value: schema, enumerable: true, writable: true, configurable: true });
    if (kw[2] === '') required.push(kw[1]);
  }
  const stages = asSymbols(options.stage);
  const pii = asSymbols(options.pii) ?? [];
  const unknown = pii.filter((p) => !Object.hasOwn(properties, p));
  if (unknown.length) error(`tool ${name}: pii names parameters the tool has; unknown: ${unknown.join(', ')}`);
  const tool: Tool = {
    id: newId(), kind: 'function', name, description,
    parameters: { type: 'object', properties, required },
    scope: { kind: 'all' }, fallback: false, pii,
    ...(typeof options.confirm === 'string' ? { confirm: options.confirm } : {}),
    ...(typeof options.preview === 'number' ? { preview: options.preview } : {}),
    ...(typeof options.timeout === 'number' ? { timeout: options.timeout } : {}),
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
  return { tool, stages, moves: readMoves(body) };
}

/** Each stage's instructions from the view: its `<% if stage == :x -%>` section, `<%= x %>` as `{{ x }}`; a view of one stage is its text. */
function readView(view: string, stages: string[]): Map<string, string> {
  const out = new Map<string, string>();
  const placeholders = (text: string) => text.replace(/<%=\s*([A-Za-z_][\w.]*)\s*%>/g, '{{ $1 }}');
  if (!stages.length) {
    if (view.trim()) out.set('', placeholders(view.replace(/\n$/, '')));
    return out;
  }
  const section = new RegExp(`<% if stage == ${SYMBOL} -%>\\n([\\s\\S]*?)\\n<% end -%>`, 'g');
  for (const match of view.matchAll(section)) out.set(symbolName(match[1], match[2]), placeholders(match[3]));
  return out;
}
