import ts from 'typescript';
import { CURRENT_VERSION, DOCUMENT_FORMAT, type AgentDocument, type Block, type Edge, type Stage } from '../../../model';
import { newId, refFromName } from '../../../model/ids';
import { setOwn } from '../../../model/own';
import { validateDocument } from '../../../model/validate';
import { readDocBlock, writeDocBlock } from './doc-comments';
import { entryConditions, mergeChains } from '../../../model/tool-chains';
import { exportPinecallTs, GENERATED_INTERFACE, PINECALL_MODULE } from './export';
import { withKeptSource } from '../../../formats/kept-source';
import { readRender, type RenderRead, type StageField } from './import-members';
import { readClassDecorators, readMembers } from './import-class';
import { baseClassesInFile, inheritedSnapshot, inheritMembers } from './import-inherit';
import type { TypeDeclarations } from './import-signature';
import { readTool, type ToolRead } from './import-tools';
import { ImportContext, leadingComments, memberName, splitComments, textWithComments, withIndent, type SourceProblem } from './import-util';
import { agentNameOfClass } from '../../../model/names';
import { parseWithinBounds } from './source-bounds';
import { explainSyntaxErrors } from './syntax-errors';
import { TypeBudget } from './type-budget';
import { compactPreserved, declaresGreeting, IMPLICIT_STAGE, memberKey, type PinecallPreserved } from './preserved';
import { sameJson } from './same-json';
import { isDefaultLayout, otherMemberKey } from './member-layout';
import { AgentFolderImport, type AgentFolder, type BaseFromFile } from './import-files';

export type { SourceProblem };

export interface PinecallImportOptions {
  /**
   * The other files of the agent's folder (source-files.ts): a base class or helpers imported by a
   * relative path are read from there. Without it, such a base is named in a warning and such
   * helpers are needs the simulator asks a mock answer for.
   */
  folder?: AgentFolder;
}

export type PinecallImport =
  /** `codeEdges`: how many edges the code sets the stage along (stage-flow.ts), when the reader ran (the import dialog's count). */
  | { ok: true; doc: AgentDocument; warnings: SourceProblem[]; codeEdges?: number }
  | { ok: false; errors: SourceProblem[] };

/** Names the exporter always imports from `@pinecall/agents`; any other name there is kept. */
const STANDARD_IMPORTS = new Set(['Agent', 'state', 'tool', 'Stages']);

/**
 * A Pinecall class file as a document (formats/pinecall.md). Pure: only the TypeScript parser,
 * no file system and no type checker, so it runs in a Web Worker as in Node. Load-time refusals
 * and syntax errors come back with their line and column; the document then is not made.
 */
export function importPinecallTs(text: string, options: PinecallImportOptions = {}): PinecallImport {
  // Nesting past MAX_FILE_DEPTH is refused before anything walks the tree (source-bounds.ts).
  const parsed = parseWithinBounds(text);
  if (!parsed.ok) return { ok: false, errors: [parsed.error] };
  const { sf } = parsed;
  const ctx = new ImportContext(sf);
  const syntax = (sf as unknown as { parseDiagnostics?: ts.DiagnosticWithLocation[] }).parseDiagnostics ?? [];
  if (syntax.length) return { ok: false, errors: explainSyntaxErrors(sf, syntax) };
  const agentClass = findAgentClass(sf);
  if (!agentClass) {
    return { ok: false, errors: [ctx.at(0, `no agent class here; write export default class <Name> extends Agent { … }, with Agent imported from "${PINECALL_MODULE}"`)] };
  }
  const preserved: PinecallPreserved = { comments: {}, tools: {}, fields: {} };
  const { declarations, generated, dropped } = readStatements(ctx, agentClass, preserved);
  const className = agentClass.name?.text ?? 'Agent';
  const { jsDoc, others } = splitComments(sf, agentClass);
  preserved.classComments = others;
  // Kept whole, `@remarks` and all: Pinecall reads the identity up to its first `@` line, and the
  // simulator sends it that way (model/docstring.ts personaAsPinecallReads), so the file loses nothing.
  const persona = jsDoc ? readDocBlock(jsDoc.text) : '';
  // Laid out otherwise than the exporter would (one line over three, say): kept as written.
  if (jsDoc && writeDocBlock(persona, '') !== `${withIndent(sf, jsDoc.pos, jsDoc.end)}\n`) preserved.classDoc = { text: withIndent(sf, jsDoc.pos, jsDoc.end), persona };

  const members = readMembers(ctx, agentClass, preserved, className);
  const sameFile = baseClassesInFile(sf, agentClass);
  const folder = options.folder ? new AgentFolderImport(options.folder) : undefined;
  const fromFiles = basesFromFiles(sf, sameFile.at(-1) ?? agentClass, folder, options.folder?.agent ?? '');
  const contexts = new Map(fromFiles.chain.map((b) => [b.cls, b.ctx]));
  // A node of a base file is read in that file's context (its text, its lines).
  const ctxOf = (node: ts.Node) => contexts.get(node as ts.ClassDeclaration) ?? [...new Set(contexts.values())].find((c) => c.sf === node.getSourceFile()) ?? ctx;
  const inherited = inheritMembers(ctx, [...sameFile, ...fromFiles.chain.map((b) => b.cls)], members, preserved, ctxOf);
  preserved.classDecorators = readClassDecorators(ctx, agentClass, className, members.renderMethod);
  // The import as written is kept only when it names more or in another order than the exporter would.
  const own = {
    state: members.state.some((f) => !inherited.state.has(f.name)), stage: !!members.stage && !inherited.stage,
    tools: members.toolMethods.some((m) => !inherited.tools.has(memberName(m.name) ?? '')),
  };
  // As the exporter writes it: with a base of another file, only what the class itself declares.
  const baseElsewhere = sameFile.length === 0 && (fromFiles.chain.length > 0 || !!fromFiles.unread);
  const standard = baseElsewhere
    ? [...(!preserved.undecoratedState && (own.state || own.stage) ? ['state'] : []), ...(own.tools ? ['tool'] : []), ...(own.stage ? ['type Stages'] : [])]
    : ['Agent', ...(!preserved.undecoratedState && (members.state.length || members.stage) ? ['state'] : []),
      ...(members.toolMethods.length ? ['tool'] : []), ...(members.stage ? ['type Stages'] : [])];
  // And only while it names what the class needs (Agent among them), or the export writes its own.
  const written = preserved.agentsImport?.names;
  if (written && (sameJson(written, [...standard, ...(preserved.agentsImports ?? [])]) || !standard.every((n) => written.includes(n)))) delete preserved.agentsImport;
  const base = agentClass.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword)?.types[0]?.getText(sf);
  if (base && base !== 'Agent') preserved.extendsClass = base;
  const exported = agentClass.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword) ?? false;
  const isDefaultExport = agentClass.modifiers?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword) ?? false;
  if (!isDefaultExport) preserved.classExport = exported ? 'named' : 'none';
  // A base this file does not declare, and the folder did not give: say which, and what the agent lacks.
  const unread = fromFiles.unread;
  if (unread) {
    const from = importedFrom(sf, unread.name)?.from;
    const why = fromFiles.problem ? `, which Callboard could not read (${fromFiles.problem})` : ', which this file does not declare';
    ctx.warn(unread.node, `${unread.owner} extends ${unread.name}${from ? `, imported from "${from}"` : ''}${why}: its tools, state fields, getters and hooks are not read, so the simulator offers only ${className}'s own${folder ? '' : ' (the CLI given the agent\'s folder, or the app given the folder or a .zip of it, reads the base there)'}; the export keeps \`extends ${unread.name}\``);
  }
  if (folder) {
    folder.linkImports(options.folder!.agent, sf, 1, [base ?? '']);
    folder.warnAt(ctx);
  }
  const stageNames = members.stage?.names;
  // No stage field anywhere (issue 33): the class is one conversation, and its own view's
  // paragraphs are that stage's instructions (one block, one turn, as a Block Agent writes it).
  const implicit = !members.stage && !fromFiles.unread && members.renderMethod?.parent === agentClass ? IMPLICIT_STAGE : undefined;
  if (members.renderMethod) {
    members.render = readRender(ctxOf(members.renderMethod), members.renderMethod, stageNames ?? [], implicit);
    if (implicit && members.render?.instructions.has(implicit)) {
      members.stage = { names: [implicit] };
      preserved.noStageField = true;
    }
    if (members.render) preserved.renderExtras = members.render.extras;
    else {
      ctx.warn(members.renderMethod.name, 'render() is kept as written: stage instructions are read from `return (<>{this.stage === "x" && <p>…</p>}</>)` only');
      // Kept where it stood: its slot in the member order becomes that of a kept member.
      const slot = preserved.memberOrder?.find((s) => s.key === memberKey.render);
      if (slot) slot.key = otherMemberKey(preserved.members!.length);
      preserved.members!.push(textWithComments(ctxOf(members.renderMethod).sf, members.renderMethod));
    }
  }
  if (preserved.memberOrder && isDefaultLayout(preserved.memberOrder)) delete preserved.memberOrder;
  const typeBudget = new TypeBudget();
  const toolDeclarations = withBaseDeclarations(declarations, fromFiles);
  const unreadFrom = fromFiles.unread && importedFrom(sf, fromFiles.unread.name)?.from;
  const unreadBase = fromFiles.unread && `${fromFiles.unread.name}${unreadFrom ? ` (imported from "${unreadFrom}")` : ''}`;
  const tools = members.toolMethods
    .map((method) => readTool(ctxOf(method), method, { className, stageNames, declarations: toolDeclarations, generated, typeBudget, unreadBase }))
    .filter((t): t is ToolRead => t !== undefined);
  if (typeBudget.problem) ctxOf(typeBudget.problem.node).error(typeBudget.problem.node, typeBudget.problem.message);
  keepNamedInterfaces(dropped, tools, preserved);
  // What a base file's members got wrong is said at the agent's `extends`, with the base file's line.
  for (const other of new Set(contexts.values())) {
    const path = fromFiles.chain.find((b) => b.ctx === other)!.path;
    const at = ctx.at(agentClass.heritageClauses![0].types[0], '');
    for (const e of other.errors) ctx.errors.push({ ...at, message: `${path}:${e.line}:${e.column}: ${e.message}` });
    for (const w of other.warnings) ctx.warnings.push({ ...at, message: `${path}:${w.line}:${w.column}: ${w.message}` });
  }
  if (ctx.errors.length) return { ok: false, errors: ctx.errors };

  const { blocks, stages } = stagesOf(className, members.stage, members.render);
  const stageId = new Map(stages.map((s) => [s.name, s.id]));
  for (const read of tools) {
    if (read.stages) read.tool.scope = { kind: 'stages', stageIds: read.stages.map((s) => stageId.get(s)).filter((id): id is string => !!id) };
    if (read.comments) preserved.comments![memberKey.tool(read.tool.name)] = read.comments;
    if (Object.keys(read.preserved).length) setOwn(preserved.tools!, read.tool.name, read.preserved);
  }
  const toolByName = new Map(tools.map((t) => [t.tool.name, t.tool]));
  const chains = tools.flatMap((t) => (t.chain ? [t.chain] : []));
  const edges: Edge[] = mergeChains(chains, stages.map((s) => s.name)).map((entry) => ({
    id: newId(), from: stageId.get(entry.from)!, to: stageId.get(entry.to)!, kind: 'edge',
    conditions: entryConditions(entry, entry.tool === undefined ? undefined : toolByName.get(entry.tool)),
  }));
  const instructions = Object.fromEntries(stages.map((s) => [s.name, s.instructions]));
  preserved.folder = folder?.preserved();
  preserved.inherited = inheritedSnapshot(inherited, members.state, tools.map((t) => t.tool), members.stage, instructions);
  const kept = compactPreserved(preserved);
  const doc: AgentDocument = {
    format: DOCUMENT_FORMAT, version: CURRENT_VERSION, id: newId(), name: agentNameOfClass(className), target: 'pinecall',
    persona, llm: {}, opening: declaresGreeting(kept) ? 'agent' : 'caller',
    state: members.state, blocks, stages, edges, tools: tools.map((t) => t.tool),
    entryStageId: stageId.get(members.stage?.entry ?? '') ?? stages[0]?.id ?? null,
    layout: { positions: {}, sizes: {} },
    ...(kept ? { preserved: { pinecall: kept as Record<string, unknown> } } : {}),
  };
  const valid = validateDocument(doc);
  if (!valid.ok) return { ok: false, errors: valid.errors.map((e) => ctx.at(agentClass, `the class reads as an invalid document: ${e.path} ${e.message}`)) };
  // The file as written, where the exporter would write it otherwise: an export merges the edits into it (kept-source.ts).
  return { ok: true, doc: withKeptSource(valid.doc, 'pinecall', text, exportPinecallTs(valid.doc).text), warnings: ctx.warnings };
}

/** The module an imported name comes from, as written (`import ClinicaNorte from "./clinica-norte"`), and its name there. */
function importedFrom(sf: ts.SourceFile, name: string): { from: string; imported: string } | undefined {
  for (const st of sf.statements) {
    if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier) || !st.importClause) continue;
    const { name: defaultName, namedBindings } = st.importClause;
    if (defaultName?.text === name) return { from: st.moduleSpecifier.text, imported: 'default' };
    const element = namedBindings && ts.isNamedImports(namedBindings) ? namedBindings.elements.find((e) => e.name.text === name) : undefined;
    if (element) return { from: st.moduleSpecifier.text, imported: (element.propertyName ?? element.name).text };
  }
  return undefined;
}

/**
 * The bases `last` (the agent class or its furthest base in this file) extends from other files
 * of the folder, or the one that could not be read: its name, where it is named, and why.
 */
function basesFromFiles(sf: ts.SourceFile, last: ts.ClassDeclaration, folder: AgentFolderImport | undefined, agentPath: string): BaseFromFile & { unread?: { name: string; owner: string; node: ts.Node } } {
  const clause = last.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword)?.types[0];
  const name = clause && ts.isIdentifier(clause.expression) ? clause.expression.text : undefined;
  if (!clause || !name || name === 'Agent' || sf.statements.some((st) => ts.isClassDeclaration(st) && st.name?.text === name)) return { chain: [] };
  const unread = { name, owner: last.name?.text ?? 'the class', node: clause };
  const from = importedFrom(sf, name);
  if (!folder || !from) return { chain: [], unread };
  const read = folder.baseChain(agentPath, from.from, from.imported);
  // A chain read part way still gives what it read; the rest is named.
  if (read.problem && read.chain.length === 0) return { chain: [], problem: read.problem, unread };
  return read.problem ? { ...read, unread: { ...unread, name: read.chain.at(-1)!.cls.name?.text ?? name } } : read;
}

/** The agent file's type declarations, then those of its base files it does not declare (a base tool's parameter types). */
function withBaseDeclarations(declarations: TypeDeclarations, fromFiles: BaseFromFile): TypeDeclarations {
  if (fromFiles.chain.length === 0) return declarations;
  const out = new Map(declarations as Map<string, ts.InterfaceDeclaration | ts.TypeAliasDeclaration>);
  for (const sf of new Set(fromFiles.chain.map((b) => b.ctx.sf))) {
    for (const st of sf.statements) if ((ts.isInterfaceDeclaration(st) || ts.isTypeAliasDeclaration(st)) && !out.has(st.name.text)) out.set(st.name.text, st);
  }
  return out as TypeDeclarations;
}

/** `export default class X extends Agent`, else the default-exported class, else a class extending Agent. */
function findAgentClass(sf: ts.SourceFile): ts.ClassDeclaration | undefined {
  const classes = sf.statements.filter(ts.isClassDeclaration);
  const isDefault = (c: ts.ClassDeclaration) => c.modifiers?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword) ?? false;
  const extendsAgent = (c: ts.ClassDeclaration) => c.heritageClauses?.some((h) => h.types.some((t) => t.expression.getText(sf) === 'Agent')) ?? false;
  return classes.find((c) => isDefault(c) && extendsAgent(c)) ?? classes.find(isDefault) ?? classes.find(extendsAgent);
}

const declaredName = (s: ts.Statement): string | undefined =>
  (ts.isInterfaceDeclaration(s) || ts.isTypeAliasDeclaration(s) || ts.isClassDeclaration(s) || ts.isEnumDeclaration(s) || ts.isFunctionDeclaration(s)) ? s.name?.text : undefined;

/** Imports and top-level statements around the class: the type declarations signatures may name, the rest kept. */
function readStatements(ctx: ImportContext, agentClass: ts.ClassDeclaration, preserved: PinecallPreserved) {
  const sf = ctx.sf;
  const declarations = new Map<string, ts.InterfaceDeclaration | ts.TypeAliasDeclaration>();
  const generated = new Set<string>();
  const kept = { imports: [] as string[], before: [] as string[], after: [] as string[], names: [] as string[], agents: [] as string[] };
  const dropped: DroppedInterfaces = new Map();
  sf.statements.forEach((statement, index) => {
    if (statement === agentClass) return;
    // The module's first import is the one the exporter writes; another is kept as written, as any import is.
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier) && statement.moduleSpecifier.text === PINECALL_MODULE && !preserved.agentsImport) {
      if (index === 0) preserved.header = splitComments(sf, statement).others || undefined;
      const bindings = statement.importClause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings)) {
        kept.agents.push(...bindings.elements.filter((e) => !STANDARD_IMPORTS.has(e.name.text) || e.propertyName).map((e) => e.getText(sf)));
        preserved.agentsImport = { text: statement.getText(sf), names: bindings.elements.map((e) => e.getText(sf)) };
      }
      return;
    }
    if (ts.isImportDeclaration(statement)) {
      kept.imports.push(textWithComments(sf, statement));
      return;
    }
    if (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) {
      if (!declarations.has(statement.name.text)) declarations.set(statement.name.text, statement);
      // The exporter's own interfaces come back from the tools' schemas; only hand-written ones are kept.
      const ranges = leadingComments(sf, statement);
      if (ts.isInterfaceDeclaration(statement) && ranges.length === 1 && sf.text.slice(ranges[0].pos, ranges[0].end) === GENERATED_INTERFACE) {
        generated.add(statement.name.text);
        const list = statement.pos < agentClass.pos ? kept.before : kept.after;
        dropped.set(statement.name.text, { text: textWithComments(sf, statement), list, at: list.length });
        return;
      }
    }
    const name = declaredName(statement);
    if (name) kept.names.push(name);
    (statement.pos < agentClass.pos ? kept.before : kept.after).push(textWithComments(sf, statement));
  });
  const trailing = leadingComments(sf, sf.endOfFileToken);
  if (trailing.length) kept.after.push(withIndent(sf, trailing[0].pos, trailing[trailing.length - 1].end));
  Object.assign(preserved, { imports: kept.imports, before: kept.before, after: kept.after, declaredNames: kept.names, agentsImports: kept.agents });
  return { declarations: declarations as TypeDeclarations, generated, dropped };
}

/** The exporter's own interfaces, left out of the kept code: each with the list and place it would take there. */
type DroppedInterfaces = Map<string, { text: string; list: string[]; at: number }>;

/**
 * A signature kept as written that names an interface the exporter generated keeps that interface
 * as written too: the exporter writes the kept signature, not a schema's interfaces for it, and
 * would otherwise leave the name undeclared (or give it to another tool's shape).
 */
function keepNamedInterfaces(dropped: DroppedInterfaces, tools: ToolRead[], preserved: PinecallPreserved): void {
  const named = new Set(tools.flatMap((t) => t.preserved.params?.text.match(/[\w$]+/g) ?? []));
  const keep = [...dropped].filter(([name]) => named.has(name));
  // From the last place to the first, so each earlier place still counts the same statements.
  for (const [name, { text, list, at }] of keep.reverse()) {
    list.splice(at, 0, text);
    preserved.declaredNames = [...(preserved.declaredNames ?? []), name];
  }
}

/** The stages of the stage field, in one block named after the class, with their render() sections. */
function stagesOf(className: string, field: StageField | undefined, render: RenderRead | undefined): { blocks: Block[]; stages: Stage[] } {
  const names = field?.names ?? [];
  if (names.length === 0) return { blocks: [], stages: [] };
  const block: Block = { id: newId(), name: className, ref: refFromName(className), intent: false };
  const refs: string[] = [];
  const stages = names.map((name): Stage => {
    const ref = refFromName(name, refs);
    refs.push(ref);
    return { id: newId(), name, ref, blockId: block.id, kind: 'turn', instructions: render?.instructions.get(name) ?? '' };
  });
  return { blocks: [block], stages };
}
