// A Pinecall class in Python (pinecall 0.11.24 on PyPI) as a document: the inverse of export.ts,
// read as the SDK reads the class. The class's docstring is the persona; its annotated public
// attributes the state (`state(default, pii=…, visibility=…)` saying more); `stage:
// Literal[…] = "x"` the stages and the entry; each `@tool` method a tool, its docstring the
// description up to the first section and its `Args:` the parameters' descriptions
// (`_doc.one_line`, `_doc.arguments_of`), its type hints the parameters' schema (the SDK builds it
// with pydantic; spec.ts predicts that from the same hints); the view `views/<slug>.jinja` each
// stage's instructions. What the document has no place for — helpers, properties, environment
// settings, the bodies of the tools — is kept as written and written back (preserved.ts); the
// bodies cannot run in the browser, so the simulator answers each tool with its mock.
import type { SyntaxNode } from '@lezer/common';
import { CURRENT_VERSION, DOCUMENT_FORMAT, type AgentDocument, type Block, type Edge, type JsonSchema, type Stage, type StateField, type Tool } from '../../../model';
import { newId, refFromName } from '../../../model/ids';
import { agentNameOfClass, className as classNameOf, slugOf } from '../../../model/names';
import { validateDocument } from '../../../model/validate';
import { entryConditions, mergeChains, type ToolChain } from '../../../model/tool-chains';
import { withKeptSource } from '../../kept-source';
import { exportPinecallPython, sdkSlugOf } from './export';
import type { SourceProblem } from '../import-util';
import { bodyEntryKey, type PinecallPythonPreserved } from './preserved';
import { HintReader, schemaOfHint, withoutNone } from './import-hint';
import { readBody, bodyStatements, type CodeWriteRead } from './import-body';
import { jsOfPython } from './import-expression';
import { readView } from './import-view';
import { callArguments, children, literalOf, parsePython, pyStringValue, stringOf, type PyFile } from './py-tree';
import { PY_SECTION, pySplitLines, expandTabs } from './py-text';
import { PYTHON_AGENT_MEMBERS, PYTHON_ENVIRONMENT } from './py-names';
import type { PyType } from './py-type';
import type { AgentFolder } from '../import-files';
import { folderOf, joinPath } from '../source-files';

export interface PythonImportOptions {
  /** The view file beside the class (`views/<slug>.jinja`); else read from `folder` when given. */
  view?: string;
  /** The agent's folder: its view is read there, at `views/<slug>.jinja` beside the class file. */
  folder?: AgentFolder;
}

export type PinecallPythonImport =
  | { ok: true; doc: AgentDocument; warnings: SourceProblem[] }
  | { ok: false; errors: SourceProblem[] };

/** The environment a decorator declares (`_config.DECORATED`): how the SDK says to write it. */
const DECORATED: Record<string, string> = {
  voice: '@voice("<vendor>", "<voice id>")', llm: '@llm("<vendor>/<model>")', realtime: '@realtime("<vendor>/<model>")',
  stt: '@stt("<vendor>/<model>")', judge: '@judge("<vendor>/<model>")', knowledge: '@knowledge(path="…", text="…")',
};

/** What `@tool(…)` takes (`_tools.ToolOptions`). */
const TOOL_OPTIONS = new Set(['stage', 'when', 'confirm', 'announce', 'preview', 'pii', 'timeout']);
/** The names the export imports itself: any other name from these modules is kept. */
const STANDARD = new Map([['pinecall', new Set(['Agent', 'state', 'tool'])], ['typing', new Set(['Any', 'Literal'])], ['typing_extensions', new Set(['NotRequired', 'TypedDict'])]]);
/** A field's hint as the document's type: what the export writes back as that hint (`str`, `int`, `float`, `bool`, `list`, `dict`). */
function fieldType(type: PyType): StateField['type'] {
  const value = withoutNone(type) ?? { kind: 'any' };
  switch (value.kind) {
    case 'scalar':
      return ({ str: 'string', int: 'integer', float: 'number', bool: 'boolean', None: 'string' } as const)[value.name];
    case 'list':
      return 'array';
    case 'dict':
    case 'typed':
      return 'object';
    case 'literal':
      return typeof value.values[0] === 'number' ? 'integer' : 'string';
    default:
      return 'string';
  }
}

class Reading {
  readonly errors: SourceProblem[] = [];
  readonly warnings: SourceProblem[] = [];
  constructor(readonly file: PyFile) {}
  error(at: SyntaxNode | number, message: string): void {
    this.errors.push(this.file.at(at, message));
  }
  warn(at: SyntaxNode | number, message: string): void {
    this.warnings.push(this.file.at(at, message));
  }
  /** A statement as written, from the start of its line (so its comments and decorators come with it). */
  written(from: number, to: number): string {
    const start = this.file.text.lastIndexOf('\n', from - 1) + 1;
    const lines = this.file.text.slice(start, to).split('\n');
    const indent = /^[ \t]*/.exec(lines[0])![0].length;
    return lines.map((l) => (l.slice(0, indent).trim() === '' ? l.slice(indent) : l)).join('\n');
  }
}

const isDocstring = (node: SyntaxNode | undefined): boolean =>
  node?.name === 'ExpressionStatement' && ['String', 'ContinuedString'].includes(node.firstChild?.name ?? '');

/** `inspect.cleandoc`'s lines. */
function cleandocLines(doc: string): string[] {
  // Tabs count as Python counts them for the margin; the text keeps them as written.
  const lines = pySplitLines(doc).map((l) => expandTabs(/^[ \t]*/.exec(l)![0]) + l.replace(/^[ \t]*/, ''));
  const indents = lines.slice(1).filter((l) => l.trimStart() !== '').map((l) => l.length - l.replace(/^ +/, '').length);
  const margin = indents.length ? Math.min(...indents) : 0;
  const out = lines.map((l, i) => (i === 0 ? l.replace(/^ +/, '') : l.slice(margin)).replace(/\s+$/, ''));
  while (out.length && !out[0].trim()) out.shift();
  while (out.length && !out.at(-1)!.trim()) out.pop();
  return out;
}

const ARGS_SECTIONS = ['Args', 'Arguments', 'Parameters', 'Params'];

/** A docstring's description (the lines before its first section) and what `Args:` says of each parameter, line by line. */
export function readDocstring(doc: string): { description: string; args: Map<string, string[]> } {
  const lines = cleandocLines(doc);
  const said: string[] = [];
  const args = new Map<string, string[]>();
  let section: string | undefined;
  let indent: number | undefined;
  let current: string | undefined;
  for (const line of lines) {
    if (PY_SECTION.test(line)) {
      section = line.split(':')[0];
      indent = undefined;
      current = undefined;
      // Only `Args:` is the parameters' (their descriptions); any other section stays in the description as written.
      if (!ARGS_SECTIONS.includes(section)) said.push(line);
      continue;
    }
    if (section === undefined || !ARGS_SECTIONS.includes(section)) {
      said.push(line);
      continue;
    }
    const entry = /^(\s+)(\w+)(?:\s*\([^)]*\))?:\s*(.*)$/.exec(line);
    if (entry && (indent === undefined || indent === entry[1].length)) {
      indent = entry[1].length;
      current = entry[2];
      args.set(current, [entry[3].trim()].filter(Boolean));
    } else if (current !== undefined && line.trim()) args.get(current)!.push(line.trim());
  }
  while (said.length && !said.at(-1)!.trim()) said.pop();
  return { description: said.join('\n'), args };
}

/** The agent's name: the class name in words, or the words of its `slug` when the class names one the words would not give. */
function agentName(cls: string, slug: string | undefined): string {
  const fromClass = agentNameOfClass(cls);
  if (!slug || slugOf(fromClass) === slug) return fromClass;
  const fromSlug = slug.split('-').filter(Boolean).map((w) => w[0].toUpperCase() + w.slice(1)).join(' ');
  return slugOf(fromSlug) === slug && classNameOf(fromSlug) === cls ? fromSlug : fromClass;
}

/** The class that extends Agent (`Agent` or `pinecall.Agent`), with its decorators when it has them. */
function findAgentClass(file: PyFile): { cls: SyntaxNode; statement: SyntaxNode; decorators: SyntaxNode[] } | undefined {
  for (const statement of children(file.top)) {
    const cls = statement.name === 'ClassDefinition' ? statement : statement.name === 'DecoratedStatement' ? statement.getChild('ClassDefinition') : null;
    if (!cls) continue;
    const bases = cls.getChild('ArgList');
    if (bases && children(bases).some((b) => ['Agent', 'pinecall.Agent'].includes(file.of(b)))) {
      return { cls, statement, decorators: statement.name === 'DecoratedStatement' ? statement.getChildren('Decorator') : [] };
    }
  }
  return undefined;
}

interface ToolRead {
  tool: Tool;
  stages?: string[];
  chain: ToolChain;
  fromBody: boolean;
  body?: string;
  isAsync: boolean;
  keptWhen?: string;
  codeWrites?: CodeWriteRead[];
}

export function importPinecallPython(text: string, options: PythonImportOptions = {}): PinecallPythonImport {
  const parsed = parsePython(text);
  if (!parsed.ok) return { ok: false, errors: parsed.errors };
  const file = parsed.file;
  const r = new Reading(file);
  const found = findAgentClass(file);
  if (!found) return { ok: false, errors: [file.at(0, 'no agent class here; write class <Name>(Agent): with Agent imported from pinecall (from pinecall import Agent, tool)')] };
  const { cls } = found;
  const className = file.of(cls.getChild('VariableName')!);
  const preserved: PinecallPythonPreserved = {};

  // The module around the class.
  const typedDicts = new Map<string, { node: SyntaxNode; total: boolean }>();
  const before: string[] = [];
  const after: string[] = [];
  const top = children(file.top);
  // Indented comments after the class's last statement are the class's (Lezer ends the class's body at its last statement).
  const classComments: string[] = [];
  top.forEach((statement, index) => {
    if (statement.name === 'Comment' && statement.from > found.statement.from && after.length === 0 && /^[ \t]+$/.test(file.text.slice(file.text.lastIndexOf('\n', statement.from - 1) + 1, statement.from))) {
      classComments.push(file.of(statement));
      return;
    }
    // Lezer hands out a new node object on each walk: nodes are the same when their places are.
    if (statement.from === found.statement.from) return;
    const side = statement.from < found.statement.from ? before : after;
    if (index === 0 && isDocstring(statement) && /: a Pinecall agent, written by Callboard\.$/.test(stringOf(file, statement.firstChild!) ?? '')) return;
    if (statement.name === 'ImportStatement') {
      const m = /^from\s+([\w.]+)\s+import\s+([^]*)$/.exec(file.of(statement).replace(/[()\n\\]/g, ' '));
      const standard = m ? STANDARD.get(m[1]) : undefined;
      if (m && standard) {
        const extra = m[2].split(',').map((n) => n.trim()).filter((n) => n && !standard.has(n));
        if (extra.length) side.push(`from ${m[1]} import ${extra.join(', ')}`);
        return;
      }
    }
    if (statement.name === 'ClassDefinition') {
      const bases = statement.getChild('ArgList');
      const baseText = bases ? file.of(bases) : '';
      if (/\bTypedDict\b/.test(baseText)) {
        typedDicts.set(file.of(statement.getChild('VariableName')!), { node: statement, total: !/total\s*=\s*False/.test(baseText) });
        return;
      }
    }
    if (statement.name === 'Comment' && side === before && index === 0) return;
    side.push(r.written(statement.from, statement.to));
  });
  if (before.length) preserved.before = before;
  if (after.length) preserved.after = after;
  if (found.decorators.length) preserved.classDecorators = found.decorators.map((d) => file.of(d).trim());
  const hints = new HintReader(file, typedDicts);

  // The class body.
  const body = children(cls.getChild('Body')!).filter((c) => c.name !== ':');
  let persona = '';
  let slug: string | undefined;
  let stageNames: string[] | undefined;
  let entry: string | undefined;
  const state: StateField[] = [];
  let tsMembers: string[] | undefined;
  const members: string[] = [];
  const toolNodes: { node: SyntaxNode; decorator: SyntaxNode; others: SyntaxNode[] }[] = [];
  let comments: string[] = [];
  const firstReal = body.findIndex((s) => s.name !== 'Comment');
  body.forEach((statement, index) => {
    if (statement.name === 'Comment') {
      // A comment on the line of a statement is that statement's; one on its own line is the next's.
      const previous = body[index - 1];
      const sameLine = previous && !file.text.slice(previous.to, statement.from).includes('\n');
      if (sameLine) return;
      comments.push(file.of(statement).replace(/^#\s?/, ''));
      return;
    }
    const leading = comments;
    comments = [];
    if (index === firstReal && isDocstring(statement)) {
      persona = cleandocLines(pyStringValue(file.of(statement.firstChild!)) ?? '').join('\n');
      return;
    }
    if (statement.name === 'PassStatement') return;
    if (statement.name === 'AssignStatement') {
      const parts = children(statement);
      const target = parts[0];
      const typeDef = parts[1]?.name === 'TypeDef' ? parts[1] : undefined;
      const value = parts.at(-1) !== typeDef && parts.at(-2)?.name === 'AssignOp' ? parts.at(-1) : undefined;
      const name = target?.name === 'VariableName' ? file.of(target) : undefined;
      if (name === 'slug' && !typeDef && value && stringOf(file, value) !== undefined) {
        slug = stringOf(file, value);
        return;
      }
      if (name && typeDef && !name.startsWith('_') && !/^(typing\.)?ClassVar\b/.test(file.of(typeDef).replace(/^:\s*/, ''))) {
        const hint = children(typeDef).find((c) => c.name !== ':')!;
        if (name === 'stage') {
          const read = hints.read(hint, ['stage']);
          if (!read.ok || read.type.kind !== 'literal' || typeof read.type.values[0] !== 'string') {
            r.error(statement, `${className}.stage names the values it may hold: stage: Literal["identify", "book"]`);
            return;
          }
          stageNames = [...new Set(read.type.values as string[])];
          entry = value ? stringOf(file, value) : stageNames[0];
          if (entry === undefined || !stageNames.includes(entry)) r.error(value ?? statement, `${className}: the stage opens at one of ${stageNames.join(', ')}`);
          return;
        }
        if (PYTHON_ENVIRONMENT.has(name)) {
          // The SDK's own sentence (`_config.declared_on_the_instance`).
          r.error(statement, `\`${name}\` is the class's, not a call's state: declare it as ${DECORATED[name] ?? `a class attribute, \`${name} = …\` or \`${name}: ClassVar = …\``}`);
          return;
        }
        if (PYTHON_AGENT_MEMBERS.has(name)) {
          r.error(statement, `${className}.${name}: \`${name}\` is a name the agent itself uses; call the field otherwise`);
          return;
        }
        const field = readField(r, hints, name, hint, value, leading);
        if (field) state.push(field);
        return;
      }
    }
    if (statement.name === 'DecoratedStatement') {
      const decorators = statement.getChildren('Decorator');
      const toolDecorator = decorators.find((d) => /^@tool\b/.test(file.of(d).trim()));
      const fn = statement.getChild('FunctionDefinition');
      if (toolDecorator && fn) {
        toolNodes.push({ node: fn, decorator: toolDecorator, others: decorators.filter((d) => d !== toolDecorator) });
        return;
      }
    }
    members.push([...leading.map((c) => `# ${c}`.trimEnd()), r.written(statement.from, statement.to)].join('\n'));
  });
  if (members.length) preserved.members = members;
  const keptTs = readKeptTypeScript(classComments);
  if (keptTs.typescript) tsMembers = [keptTs.typescript];
  if (keptTs.comments.length) (preserved.members ??= []).push(keptTs.comments.join('\n'));

  const fieldNames = new Set(state.map((f) => f.name));
  const stages = stageNames ?? [];
  const tools = toolNodes.map((t) => readTool(r, t.node, t.decorator, t.others, { hints, stages, fieldNames, className })).filter((t): t is ToolRead => !!t);
  if (r.errors.length) return { ok: false, errors: r.errors };

  // The view, one section per stage.
  let instructions = new Map<string, string>();
  const viewPath = `views/${slug ?? sdkSlugOf(className)}.jinja`;
  if (options.view === undefined && options.folder) {
    const path = joinPath(folderOf(options.folder.agent), viewPath);
    const read = path === undefined ? undefined : options.folder.files.read(path);
    if (typeof read === 'string') options = { ...options, view: read };
    else if (read) r.warnings.push({ line: 1, column: 1, message: `${viewPath} ${read.refused}; the stages read no instructions from it` });
  }
  if (options.view !== undefined) {
    const view = readView(options.view, stages, (name) => (fieldNames.has(name) ? name : undefined));
    if (view.ok) instructions = view.instructions;
    else {
      preserved.view = options.view;
      r.warnings.push({ line: 1, column: 1, message: `${viewPath}:${view.line}: the view is kept as written, since ${view.why}; the stages read no instructions from it, and the simulator sends none` });
    }
  }

  const block: Block = { id: newId(), name: className, ref: refFromName(className), intent: false };
  const refs: string[] = [];
  const stageList: Stage[] = stages.map((name) => {
    const ref = refFromName(name, refs);
    refs.push(ref);
    return { id: newId(), name, ref, blockId: block.id, kind: 'turn', instructions: instructions.get(name) ?? '' };
  });
  const stageId = new Map(stageList.map((s) => [s.name, s.id]));
  for (const read of tools) {
    read.tool.scope = read.stages ? { kind: 'stages', stageIds: read.stages.map((s) => stageId.get(s)!) } : { kind: 'all' };
    if (read.body !== undefined) (preserved.bodies ??= {})[read.tool.name] = read.body;
    if (read.fromBody && read.chain.entries.length) (preserved.bodyEntries ??= {})[read.tool.name] = read.chain.entries.map(bodyEntryKey);
    if (read.isAsync) (preserved.asyncTools ??= []).push(read.tool.name);
    if (read.codeWrites) (preserved.codeWrites ??= {})[read.tool.name] = read.codeWrites;
    if (read.keptWhen) (preserved.whens ??= {})[read.tool.name] = read.keptWhen;
  }
  const toolByName = new Map(tools.map((t) => [t.tool.name, t.tool]));
  const edges: Edge[] = mergeChains(tools.map((t) => t.chain), stages).map((e) => ({
    id: newId(), from: stageId.get(e.from)!, to: stageId.get(e.to)!, kind: 'edge',
    conditions: entryConditions(e, e.tool === undefined ? undefined : toolByName.get(e.tool)),
  }));
  const doc: AgentDocument = {
    format: DOCUMENT_FORMAT, version: CURRENT_VERSION, id: newId(), name: agentName(className, slug), target: 'pinecall', language: 'python',
    persona, llm: {}, opening: 'caller', state, blocks: stageList.length ? [block] : [], stages: stageList, edges, tools: tools.map((t) => t.tool),
    entryStageId: stageId.get(entry ?? '') ?? stageList[0]?.id ?? null,
    layout: { positions: {}, sizes: {} },
    ...(Object.keys(preserved).length || tsMembers ? {
      preserved: {
        ...(Object.keys(preserved).length ? { pinecallPython: preserved as Record<string, unknown> } : {}),
        ...(tsMembers ? { pinecall: { members: tsMembers } } : {}),
      },
    } : {}),
  };
  const valid = validateDocument(doc);
  if (!valid.ok) return { ok: false, errors: valid.errors.map((e) => file.at(cls, `the class reads as an invalid document: ${e.path} ${e.message}`)) };
  // The file as written, where the exporter would write it otherwise: an export merges the edits into it (kept-source.ts).
  return { ok: true, doc: withKeptSource(valid.doc, 'pinecallPython', text, exportPinecallPython(valid.doc).text), warnings: r.warnings };
}

const KEPT_TS_MARK = '# Kept from the TypeScript class, not run here: port to Python.';

/** The TypeScript members the export kept as comments (its marker, then `# <line>`s), and any other comments. */
function readKeptTypeScript(comments: string[]): { typescript?: string; comments: string[] } {
  const at = comments.findIndex((c) => c.trim() === KEPT_TS_MARK);
  if (at < 0) return { comments };
  const lines = comments.slice(at + 1).map((c) => (c.trim() === '#' ? '' : c.trim().replace(/^# /, '')));
  return { typescript: lines.join('\n'), comments: comments.slice(0, at) };
}

/** A state field: its hint's type, its default (or `state(…)`'s), and the comment above it as its description. */
function readField(r: Reading, hints: HintReader, name: string, hint: SyntaxNode, value: SyntaxNode | undefined, comments: string[]): StateField | undefined {
  const file = r.file;
  const read = hints.read(hint, [name]);
  if (!read.ok) {
    r.error(read.node, `${name}: ${read.message}`);
    return undefined;
  }
  const type = fieldType(read.type);
  let pii = false;
  let visibility: StateField['visibility'] = 'private';
  let defaultNode = value;
  if (value?.name === 'CallExpression' && file.of(value.firstChild!) === 'state') {
    const args = callArguments(file, value)!;
    defaultNode = args.positional[0] ?? args.named.get('default')?.value;
    const piiArg = args.named.get('pii')?.value;
    if (piiArg) pii = file.of(piiArg) === 'True';
    const vis = args.named.get('visibility')?.value;
    const said = vis && stringOf(file, vis);
    if (said === 'pii') pii = true;
    else if (said === 'public') visibility = 'public';
    else if (said !== undefined && said !== 'tenant') r.warn(vis!, `visibility is "public", "tenant" or "pii"; ${JSON.stringify(said)} is read as tenant`);
  }
  let defaultValue: unknown;
  if (defaultNode) {
    const literal = literalOf(file, defaultNode);
    if (!literal.ok) {
      r.error(defaultNode, `${name}'s default is code (${file.of(defaultNode).slice(0, 40)}); Callboard reads a literal default (a string, number, True/False/None, a list or dict of them): compute the value in on_call instead`);
      return undefined;
    }
    defaultValue = literal.value;
  }
  return {
    id: newId(), name, type, pii, visibility,
    ...(defaultValue !== undefined && defaultValue !== null ? { default: defaultValue } : {}),
    ...(comments.length ? { description: comments.join('\n') } : {}),
  };
}

interface ToolContext {
  hints: HintReader;
  stages: string[];
  fieldNames: ReadonlySet<string>;
  className: string;
}

function readTool(r: Reading, fn: SyntaxNode, decorator: SyntaxNode, others: SyntaxNode[], ctx: ToolContext): ToolRead | undefined {
  const file = r.file;
  const name = file.of(fn.getChild('VariableName')!);
  const isAsync = !!fn.getChild('async');
  if (others.length) r.warn(others[0], `${name}: its other decorators are not read; the tool is read as @tool declares it`);
  if (PYTHON_AGENT_MEMBERS.has(name)) r.error(fn, `tool ${name}: a tool named so would hide the agent's own ${name}`);
  const tool: Tool = {
    id: newId(), kind: 'function', name, description: '', parameters: { type: 'object', properties: {}, required: [], additionalProperties: false },
    scope: { kind: 'all' }, fallback: false, pii: [],
  };
  let stages: string[] | undefined;
  let keptWhen: string | undefined;
  const call = decorator.getChild('CallExpression') ?? (decorator.getChild('ArgList') ? decorator : null);
  const args = call ? callArguments(file, call) : undefined;
  if (args?.positional.length) r.error(args.positional[0], `@tool takes its options by name: @tool(stage="book")`);
  for (const [option, { name: at, value }] of args?.named ?? []) {
    if (!TOOL_OPTIONS.has(option)) {
      r.error(at, `@tool takes no ${option}`);
      continue;
    }
    const literal = literalOf(file, value);
    const said = literal.ok ? literal.value : undefined;
    switch (option) {
      case 'stage': {
        const names = typeof said === 'string' ? [said] : Array.isArray(said) && said.every((s) => typeof s === 'string') ? (said as string[]) : undefined;
        if (!names) r.error(value, `tool ${name}: stage is a stage's name or a tuple of them: stage=("identify", "book")`);
        else if (ctx.stages.length === 0) r.error(value, `tool ${name}: stage names a value of this agent's own stage field, and ${ctx.className} declares none; add stage: Literal["identify", "book"] to the class, or ask when= instead`);
        else {
          const unknown = names.filter((n) => !ctx.stages.includes(n));
          if (unknown.length) r.error(value, `tool ${name}: ${unknown.join(', ')} is not one of this agent's stages (${ctx.stages.join(', ')})`);
          else stages = names;
        }
        break;
      }
      case 'confirm':
      case 'announce':
        if (typeof said === 'string') tool[option] = said;
        else r.error(value, `tool ${name}: ${option} is text: ${option}="…"`);
        break;
      case 'preview':
        if (Number.isInteger(said) && (said as number) >= 0) tool.preview = said as number;
        else r.error(value, `tool ${name}: preview is how many rows the model sees: preview=3`);
        break;
      case 'timeout':
        if (typeof said === 'number' && said > 0) tool.timeout = said;
        else r.error(value, `tool ${name}: timeout is seconds: timeout=10`);
        break;
      case 'pii':
        if (Array.isArray(said) && said.every((s) => typeof s === 'string')) tool.pii = said as string[];
        else r.error(value, `tool ${name}: pii names parameters: pii=("phone",)`);
        break;
      case 'when': {
        const when = readWhen(file, value, ctx.fieldNames);
        if (when) tool.when = when;
        else {
          keptWhen = file.of(value);
          r.warn(value, `tool ${name}: its when= is kept as written, but it reads more than plain comparisons of state fields, so the simulator offers the tool as if it held`);
        }
        break;
      }
    }
  }

  // The docstring, then the signature.
  const body = fn.getChild('Body')!;
  const first = children(body).find((c) => c.name !== ':' && c.name !== 'Comment');
  const doc = first && isDocstring(first) ? readDocstring(pyStringValue(file.of(first.firstChild!)) ?? '') : undefined;
  if (!doc || !doc.description.trim()) r.error(fn, `tool ${name}: without a docstring no model can choose it; write one: """Books the hour."""`);
  tool.description = doc?.description ?? '';
  const params = readParameters(r, fn, name, ctx.hints, doc?.args ?? new Map());
  if (!params) return undefined;
  tool.parameters = params;
  const paramNames = Object.keys(params.properties ?? {});
  const visible = stages ?? ctx.stages;
  const read = readBody(file, body, { tool: name, visible, stages: ctx.stages, params: paramNames, fields: ctx.fieldNames });
  r.warnings.push(...read.warnings);
  if (read.implementation !== undefined) tool.implementation = read.implementation;
  if (read.mock) tool.mock = read.mock.value;
  const python = read.python !== undefined && bodyStatements(body).length ? read.python : undefined;
  return { tool, stages, chain: read.chain, fromBody: read.fromBody, body: python, isAsync, keptWhen, ...(read.codeWrites?.length ? { codeWrites: read.codeWrites } : {}) };
}

/** The type an unhinted parameter's default says: a bool, an int, a float or text (anything else is text too). */
function scalarOfDefault(file: PyFile, node: SyntaxNode | undefined): 'bool' | 'int' | 'float' | 'str' {
  if (node?.name === 'Boolean') return 'bool';
  const number = node?.name === 'Number' ? file.of(node) : node?.name === 'UnaryExpression' && node.lastChild?.name === 'Number' ? file.of(node.lastChild) : undefined;
  if (number !== undefined) return /^0[xob]/i.test(number) || !/[.eEjJ]/.test(number) ? 'int' : 'float';
  return 'str';
}

/** `when=lambda self: self.attempts < 5` as the document's `(s) => s.attempts < 5`. */
function readWhen(file: PyFile, value: SyntaxNode, fields: ReadonlySet<string>): string | undefined {
  if (value.name !== 'LambdaExpression') return undefined;
  const params = value.getChild('ParamList');
  const self = params ? file.of(params).trim() : '';
  if (!/^\w+$/.test(self)) return undefined;
  const bodyNode = children(value).at(-1)!;
  const js = jsOfPython(file, bodyNode, fields, self, 's.');
  return js === undefined ? undefined : `(s) => ${js}`;
}

/** The parameters' JSON Schema: each hint's type (optional with `= None`: without the None), its default, its `Args:` description. */
function readParameters(r: Reading, fn: SyntaxNode, toolName: string, hints: HintReader, described: Map<string, string[]>): JsonSchema | undefined {
  const file = r.file;
  const list = children(fn.getChild('ParamList')!).filter((c) => c.name !== '(' && c.name !== ')');
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  let i = 0;
  let sawSelf = false;
  while (i < list.length) {
    const part = list[i];
    if (part.name === ',' || part.name === '*' || part.name === '/') {
      i++;
      continue;
    }
    if (part.name === '**' || (part.name === '*' && list[i + 1]?.name === 'VariableName')) {
      r.error(part, `tool ${toolName}: **kwargs and *args take arguments no schema names; declare each parameter by name`);
      return undefined;
    }
    if (part.name !== 'VariableName') {
      i++;
      continue;
    }
    const name = file.of(part);
    i++;
    let hint: SyntaxNode | undefined;
    let defaultNode: SyntaxNode | undefined;
    if (list[i]?.name === 'TypeDef') {
      hint = children(list[i]).find((c) => c.name !== ':');
      i++;
    }
    if (list[i]?.name === 'AssignOp') {
      defaultNode = list[i + 1];
      i += 2;
    }
    if (!sawSelf) {
      sawSelf = true;
      continue;
    }
    // No hint: the default's own type, else text (`_spec._type_of`: `houses=1` is an integer).
    let type: PyType = { kind: 'scalar', name: hint ? 'str' : scalarOfDefault(file, defaultNode) };
    if (hint) {
      const read = hints.read(hint, [name]);
      if (!read.ok) {
        r.error(read.node, `tool ${toolName}, parameter ${name}: ${read.message}`);
        continue;
      }
      type = read.type;
    }
    const schema: JsonSchema = {};
    if (defaultNode) {
      const literal = literalOf(file, defaultNode);
      if (!literal.ok) {
        r.error(defaultNode, `tool ${toolName}, parameter ${name}: its default is code; write a literal default (a string, number, True/False/None)`);
        continue;
      }
      // `x: str | None = None` is how Python says optional; unhinted, `x=None` is text that opens as None.
      if (literal.value === null && hint) type = withoutNone(type) ?? { kind: 'any' };
      Object.assign(schema, schemaOfHint(type), literal.value === null && hint ? {} : { default: literal.value });
    } else {
      Object.assign(schema, schemaOfHint(type));
      required.push(name);
    }
    const description = described.get(name);
    if (description?.length) schema.description = description.join('\n');
    properties[name] = schema;
  }
  return { type: 'object', properties, required, additionalProperties: false };
}
