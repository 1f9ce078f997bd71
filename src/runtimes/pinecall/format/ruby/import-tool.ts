// A Ruby class's tool, read as the gem reads one (pinecall/ruby `Tools::Declaring#tool`, `Agent::Spec`,
// `Agent::Doc`): its options, its keyword arguments as the schema, its description, its refusals in
// the gem's words, and the moves its body makes that the document holds as edges.
import type { JsonSchema, Tool } from '../../../../model';
import { newId } from '../../../../model';
import { readRubyLiteral, RubyConstant, RubyLiteralError, rubyJson, RubySymbol, type RubyValue } from './ruby-literal';
import { rubyOneLine, SYMBOL, symbolName, topLevelPieces } from './scan';

export const asSymbols = (value: RubyValue | undefined): string[] | undefined => {
  if (value instanceof RubySymbol) return [value.name];
  if (Array.isArray(value) && value.every((v) => v instanceof RubySymbol || typeof v === 'string')) return value.map((v) => (v instanceof RubySymbol ? v.name : v as string));
  return undefined;
};

export interface ReadTool {
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
export function readMoves(body: string[]): { moves: ReadTool['moves']; lines: Set<number> } {
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

/** Whether a body is what the exporter writes (no code of the team's own): its result and its moves only. */
export const isExportersBody = (body: string): boolean =>
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

export function readToolMethod(
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
