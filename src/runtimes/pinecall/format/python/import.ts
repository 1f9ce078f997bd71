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
import { CURRENT_VERSION, DOCUMENT_FORMAT, type AgentDocument, type Block, type Edge, type Stage, type StateField } from '../../../../model';
import { newId, refFromName } from '../../../../model/ids';
import { agentNameOfClass, className as classNameOf, slugOf } from '../../../../model/names';
import { validateDocument } from '../../../../model/validate';
import { setOwn } from '../../../../model/own';
import { entryConditions, mergeChains } from '../../../../model/tool-chains';
import { withKeptSource } from '../../../../formats/kept-source';
import { sdkSlugOf, writePinecallPython } from './export-text';
import type { SourceProblem } from '../import-util';
import { bodyEntryKey, type PinecallPythonPreserved } from './preserved';
import { HintReader, type AliasDeclaration, type ModuleNames } from './import-hint';
import { pyCleandoc } from './py-text';
import { readView } from './import-view';
import { callArguments, children, parsePython, pyStringValue, stringOf, type PyFile } from './py-tree';
import { PYTHON_AGENT_MEMBERS, PYTHON_ENVIRONMENT } from './py-names';
import type { AgentFolder } from '../import-files';
import { folderOf, joinPath } from '../source-files';
import { cleandocLines, isDocstring, Reading } from './import-reading';
import { readField, readKeptTypeScript } from './import-members';
import { readTool, type ToolRead } from './import-tool';

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

/** The names the export imports itself: any other name from these modules is kept. */
const STANDARD = new Map([['pinecall', new Set(['Agent', 'state', 'tool'])], ['typing', new Set(['Any', 'Literal'])], ['typing_extensions', new Set(['NotRequired', 'TypedDict'])]]);
/** `greeting = "…"`, `words("…")`, `improvise` or `improvise("…")`, read without running anything. */
function openingOf(file: PyFile, value: SyntaxNode): PinecallPythonPreserved['greeting'] {
  const said = stringOf(file, value);
  if (said !== undefined) return { kind: 'words', text: said };
  if (value.name === 'VariableName' && file.of(value) === 'improvise') return { kind: 'improvise', instruction: '' };
  if (value.name !== 'CallExpression') return undefined;
  const callee = file.of(value.firstChild!);
  const first = callArguments(file, value)?.positional[0];
  const text = first ? stringOf(file, first) : '';
  if (text === undefined) return undefined;
  if (callee === 'improvise') return { kind: 'improvise', instruction: text };
  if (callee === 'words' && first) return { kind: 'words', text };
  return undefined;
}

/** `@knowledge(path="…", text="…")`: its text when a literal gives it, else the expression as written. */
function knowledgeOf(file: PyFile, decorator: SyntaxNode): PinecallPythonPreserved['knowledge'] {
  const call = decorator.getChild('CallExpression') ?? (decorator.getChild('ArgList') ? decorator : null);
  if (!call || !/^@\s*knowledge\s*\(/.test(file.of(decorator).trim())) return undefined;
  const value = callArguments(file, call)?.named.get('text')?.value;
  if (!value) return undefined;
  const text = stringOf(file, value);
  return text !== undefined ? { text } : { fromCode: file.of(value) };
}

/**
 * The names the module binds at its top level, for the hints that name them: the type aliases
 * (`X = <type>` or `X: TypeAlias = <type>`, not a string: that is text), the names bound more than
 * once (classes, functions, assignments, imports), and Python 3.12's `type X = …` statements.
 */
function moduleNamesOf(file: PyFile): ModuleNames {
  const aliases = new Map<string, AliasDeclaration>();
  const typeStatements = new Map<string, SyntaxNode>();
  const bound = new Map<string, number>();
  const bind = (name: string) => bound.set(name, (bound.get(name) ?? 0) + 1);
  for (const statement of children(file.top)) {
    const inner = statement.name === 'DecoratedStatement' ? statement.getChild('ClassDefinition') ?? statement.getChild('FunctionDefinition') : statement;
    if (!inner) continue;
    switch (inner.name) {
      case 'ClassDefinition':
      case 'FunctionDefinition': {
        const name = inner.getChild('VariableName');
        if (name) bind(file.of(name));
        break;
      }
      case 'TypeDefinition': {
        const name = inner.getChild('VariableName');
        if (name) {
          bind(file.of(name));
          typeStatements.set(file.of(name), inner);
        }
        break;
      }
      case 'ImportStatement': {
        // `import a.b as c` binds c, `import a.b` binds a, `from m import x as y, z` binds y and z.
        const text = file.of(inner).replace(/[()\\\n]/g, ' ');
        const from = /^from\s+\S+\s+import\s+([^]*)$/.exec(text);
        const parts = (from ? from[1] : text.replace(/^import\s+/, '')).split(',').map((p) => p.trim()).filter(Boolean);
        for (const part of parts) {
          const m = /^([\w.*]+)(?:\s+as\s+(\w+))?$/.exec(part);
          if (m) bind(m[2] ?? (from ? m[1] : m[1].split('.')[0]));
        }
        break;
      }
      case 'AssignStatement': {
        const parts = children(inner);
        const assigns = parts.filter((p) => p.name === 'AssignOp');
        for (const target of parts.filter((p, i) => p.name === 'VariableName' && (parts[i + 1]?.name === 'AssignOp' || parts[i + 1]?.name === 'TypeDef'))) bind(file.of(target));
        // One target, one `=`: `Category = Literal[…]` or `Category: TypeAlias = Literal[…]`.
        const [target, second] = parts;
        const typeDef = second?.name === 'TypeDef' ? second : undefined;
        const annotation = typeDef ? file.of(typeDef).replace(/^:\s*/, '') : undefined;
        if (target?.name !== 'VariableName' || assigns.length !== 1 || parts.length !== (typeDef ? 4 : 3)) break;
        if (annotation !== undefined && !/^(?:typing(?:_extensions)?\.)?TypeAlias$/.test(annotation)) break;
        const value = parts.at(-1)!;
        if (value.name === 'String' || value.name === 'ContinuedString') break;
        aliases.set(file.of(target), { node: inner, value });
        break;
      }
    }
  }
  const rebound = new Set([...bound].filter(([, n]) => n > 1).map(([name]) => name));
  return { aliases, rebound, typeStatements };
}

/** A TypedDict's docstring as written, and its description as pydantic says it (`inspect.cleandoc` of `__doc__`). */
function typedDocstring(file: PyFile, cls: SyntaxNode): { source: string; description: string } | undefined {
  const body = cls.getChild('Body');
  const first = body ? children(body).find((c) => c.name !== ':' && c.name !== 'Comment') : undefined;
  if (!first || !isDocstring(first)) return undefined;
  const literal = first.firstChild!;
  // A bytes literal is no docstring (`__doc__` stays None); an f-string neither (stringOf gives none).
  const parts = literal.name === 'String' ? [literal] : children(literal);
  if (parts.some((p) => p.name !== 'String' || /^[rRuU]?[bB]/.test(file.of(p)))) return undefined;
  // Python reads the file with its line breaks as \n: so does the docstring's value.
  const values = parts.map((p) => pyStringValue(file.of(p).replace(/\r\n?/g, '\n')));
  if (values.some((v) => v === undefined)) return undefined;
  const value = values.join('');
  // pydantic describes the class only when `__doc__` is truthy: `""""""` says nothing, `""" """` says ''.
  if (value === '') return undefined;
  return { source: file.of(first), description: pyCleandoc(value) };
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
  const moduleNames = moduleNamesOf(file);
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
  const knowledge = found.decorators.map((d) => knowledgeOf(file, d)).find((k) => k !== undefined);
  if (knowledge) preserved.knowledge = knowledge;
  const hints = new HintReader(file, typedDicts, moduleNames);

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
      // The class's own opening (`_opening.greeting_of`): kept as written, and read for the simulator.
      if (name === 'greeting' && !typeDef && value) {
        const opening = openingOf(file, value);
        if (opening) preserved.greeting = opening;
        else r.warn(value, 'a greeting is the words, as a string, or improvise for the model\'s own: improvise("…") gives it an instruction; this one is kept as written, and the simulator opens as the document says');
      }
      // When the model may end the call (`_opening.hangup_of`): True, or the class's words; a value the SDK refuses is refused here in its words.
      if (name === 'hangup' && !typeDef && value) {
        const said = file.of(value).trim();
        const words = stringOf(file, value);
        const ending = 'hangup is when the model may end the call, in your words, or True whenever it judges the call done';
        if (said === 'True' || said === 'None' || (words !== undefined && words.trim() !== '')) { /* sent as {"when": …}, or not at all */ }
        else if (words !== undefined || /^(False\b|-?\d|improvise\b|words\b|\[|\{|\()/.test(said)) r.error(value, ending);
        else r.warn(value, `${ending}; this one is read from code, so it is kept as written and the simulator offers no end_call`);
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
  // The docstrings of the TypedDicts the hints name: pydantic's description of each one's $defs entry.
  for (const name of hints.readTyped()) {
    const docstring = typedDocstring(file, typedDicts.get(name)!.node);
    if (docstring) setOwn(preserved.typedDocs ??= {}, name, docstring);
  }
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
    // By own key: a tool may be called `__proto__` or `constructor` in a hostile file.
    if (read.body !== undefined) setOwn(preserved.bodies ??= {}, read.tool.name, read.body);
    if (read.fromBody && read.chain.entries.length) setOwn(preserved.bodyEntries ??= {}, read.tool.name, read.chain.entries.map(bodyEntryKey));
    if (read.isAsync) (preserved.asyncTools ??= []).push(read.tool.name);
    if (read.returns !== undefined) setOwn(preserved.returns ??= {}, read.tool.name, read.returns);
    if (read.afterArgs !== undefined) setOwn(preserved.afterArgs ??= {}, read.tool.name, read.afterArgs);
    if (read.codeWrites) setOwn(preserved.codeWrites ??= {}, read.tool.name, read.codeWrites);
    if (read.keptWhen) setOwn(preserved.whens ??= {}, read.tool.name, read.keptWhen);
  }
  const toolByName = new Map(tools.map((t) => [t.tool.name, t.tool]));
  const edges: Edge[] = mergeChains(tools.map((t) => t.chain), stages).map((e) => ({
    id: newId(), from: stageId.get(e.from)!, to: stageId.get(e.to)!, kind: 'edge',
    conditions: entryConditions(e, e.tool === undefined ? undefined : toolByName.get(e.tool)),
  }));
  const doc: AgentDocument = {
    format: DOCUMENT_FORMAT, version: CURRENT_VERSION, id: newId(), name: agentName(className, slug), target: 'pinecall', language: 'python',
    persona, llm: {}, opening: preserved.greeting ? 'agent' : 'caller', state, blocks: stageList.length ? [block] : [], stages: stageList, edges, tools: tools.map((t) => t.tool),
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
  return { ok: true, doc: withKeptSource(valid.doc, 'pinecallPython', text, writePinecallPython(valid.doc).text), warnings: r.warnings };
}

