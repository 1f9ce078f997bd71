// A Pinecall class in Ruby → the document, as the pinecall gem reads one (its source, pinecall/ruby,
// at the commits the files name): read line by line, since no Ruby parser runs here. The comment
// above the class is the persona; `stage`, `state`, `tool` + `def` are read (import-tool.ts); a
// tool's body is kept as written, its moves read as edges where they are plain and as the code's
// stage writes otherwise (code-writes.ts); any other member is kept as code. The view
// `views/<slug>.erb` gives each stage its section (import-view.ts). The class and its view are kept
// for the export's merge. Bounded: at most MAX_LINES lines, literals nested at most 32 deep; an
// error names its line.
import type { AgentDocument, Block, Edge, Stage, StateField, ToolCondition } from '../../../../model';
import { CURRENT_VERSION, DOCUMENT_FORMAT, newId, refFromName, validateDocument } from '../../../../model';
import { agentNameOfClass } from '../../../../model/names';
import { withKeptSource } from '../../../../formats/kept-source';
import { readPairs, readRubyLiteral, rubyJson, RubySymbol } from './ruby-literal';
import { commentAbove, joinedCode, openBrackets, statementEnd, SYMBOL, symbolName, topLevelPieces, withoutComment } from './scan';
import { asSymbols, isExportersBody, readToolMethod, type ReadTool } from './import-tool';
import { readView } from './import-view';
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

