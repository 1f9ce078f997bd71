// What an agent reaches in the other files of its folder (source-files.ts): a base class
// (`class Busca extends ClinicaNorte`, ClinicaNorte imported from "./clinica-norte") and plain
// TypeScript helpers (`agendaFor` from "./agenda"). Read with the TypeScript parser only; nothing
// here runs them. The base is read as same-file inheritance reads it (import-inherit.ts); the
// helpers are kept in `preserved.folder` for the simulator, which bundles them into the sandbox
// (simulator/class-code/folder.ts), or the importer says precisely why one cannot run there.
import ts from 'typescript';
import { PINECALL_MODULE } from './export';
import { baseClassesInFile } from './import-inherit';
import { ImportContext, textWithComments, type SourceProblem } from './import-util';
import type { FolderBinding, PinecallPreserved } from './preserved';
import type { AgentFolder } from '../../../formats/file-kind';
import { parseWithinBounds } from './source-bounds';
import { isRelative, MAX_IMPORT_DEPTH, MAX_SOURCE_FILES, resolveRelative } from './source-files';

/** What the agent's folder holds for the importer: its files, and where the agent file stands in it (formats/file-kind.ts). */
export type { AgentFolder };

/** Names a helper file may not use: the browser's or Node's, which the sandbox has none of. */
const HOST_ONLY = ['fetch', 'process', 'require', 'window', 'document', 'localStorage', 'sessionStorage', 'XMLHttpRequest', 'WebSocket', 'Buffer', '__dirname', '__filename', 'navigator', 'setTimeout', 'setInterval'];

type ImportBinding = Omit<FolderBinding, 'path' | 'why' | 'importer'>;

/** The runtime names an import statement brings in (type-only ones vanish when transpiled). */
function bindingsOf(st: ts.ImportDeclaration): ImportBinding[] {
  const clause = st.importClause;
  if (!clause || clause.isTypeOnly || !ts.isStringLiteral(st.moduleSpecifier)) return [];
  const from = st.moduleSpecifier.text;
  const out: ImportBinding[] = [];
  if (clause.name) out.push({ local: clause.name.text, from, imported: 'default' });
  const named = clause.namedBindings;
  if (named && ts.isNamespaceImport(named)) out.push({ local: named.name.text, from, imported: '*' });
  if (named && ts.isNamedImports(named)) for (const e of named.elements) if (!e.isTypeOnly) out.push({ local: e.name.text, from, imported: (e.propertyName ?? e.name).text });
  return out;
}

const importsOf = (sf: ts.SourceFile): ts.ImportDeclaration[] => sf.statements.filter(ts.isImportDeclaration);

/** A name used as a value that no declaration of the file gives (syntactic: any declaration of it anywhere counts). */
function hostNamesUsed(sf: ts.SourceFile): string[] {
  const declared = new Set<string>();
  const used = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isTypeNode(node) || ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) return;
    if ((ts.isVariableDeclaration(node) || ts.isParameter(node) || ts.isFunctionDeclaration(node) || ts.isClassDeclaration(node) || ts.isBindingElement(node)) && node.name && ts.isIdentifier(node.name)) declared.add(node.name.text);
    if (ts.isIdentifier(node) && HOST_ONLY.includes(node.text)) {
      const p = node.parent;
      const isKey = (ts.isPropertyAccessExpression(p) && p.name === node) || (ts.isPropertyAssignment(p) && p.name === node) || (ts.isImportSpecifier(p));
      if (!isKey) used.add(node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return [...used].filter((n) => !declared.has(n));
}

/**
 * Reads the helper files the agent (and its base files) import, following their own relative
 * imports up to MAX_IMPORT_DEPTH and MAX_SOURCE_FILES files. A file that cannot run in the sandbox
 * is refused with the reason, and so is every file that imports it: a helper runs whole or not at all.
 */
class FolderReader {
  readonly files: Record<string, string> = {};
  readonly refused: Record<string, string> = {};
  readonly links: Record<string, Record<string, string>> = {};
  private readonly visiting = new Set<string>();

  constructor(private readonly folder: AgentFolder) {}

  /** The path `specifier` of `importer` reads as, or why it cannot be bundled. */
  link(importer: string, specifier: string, depth: number): { path?: string; why?: string } {
    const resolved = resolveRelative(this.folder.files, importer, specifier);
    if (!resolved.ok) return { why: resolved.reason };
    const { path } = resolved;
    (this.links[importer] ??= {})[specifier] = path;
    if (path === this.folder.agent) return { path, why: `${specifier} is the agent's own file: import nothing from it` };
    if (!(path in this.files) && !(path in this.refused)) this.readHelper(path, resolved.text, depth);
    return { path, ...(this.refused[path] ? { why: this.refused[path] } : {}) };
  }

  private readHelper(path: string, text: string, depth: number): void {
    const shown = `./${path}`;
    if (Object.keys(this.files).length + Object.keys(this.refused).length >= MAX_SOURCE_FILES) {
      this.refused[path] = `${shown} is past the ${MAX_SOURCE_FILES} files Callboard reads of an agent's folder`;
      return;
    }
    if (depth > MAX_IMPORT_DEPTH) {
      this.refused[path] = `${shown} is ${depth} relative imports away from the agent; Callboard follows at most ${MAX_IMPORT_DEPTH}`;
      return;
    }
    const parsed = parseWithinBounds(text);
    if (!parsed.ok) {
      this.refused[path] = `${shown}:${parsed.error.line}:${parsed.error.column}: ${parsed.error.message}`;
      return;
    }
    const sf = parsed.sf;
    const syntax = (sf as unknown as { parseDiagnostics?: ts.DiagnosticWithLocation[] }).parseDiagnostics ?? [];
    if (syntax.length) {
      const { line, character } = sf.getLineAndCharacterOfPosition(syntax[0].start);
      this.refused[path] = `${shown}:${line + 1}:${character + 1}: ${ts.flattenDiagnosticMessageText(syntax[0].messageText, ' ')}`;
      return;
    }
    this.files[path] = text;
    this.visiting.add(path);
    const why = this.whyNot(path, sf, depth);
    this.visiting.delete(path);
    if (why) {
      delete this.files[path];
      this.refused[path] = why;
    }
  }

  /** Why the helper at `path` cannot run in the sandbox, or undefined when it can. */
  private whyNot(path: string, sf: ts.SourceFile, depth: number): string | undefined {
    const shown = `./${path}`;
    for (const st of importsOf(sf)) {
      if (bindingsOf(st).length === 0) continue;
      const specifier = (st.moduleSpecifier as ts.StringLiteral).text;
      if (!isRelative(specifier)) {
        return specifier === PINECALL_MODULE
          ? `${shown} imports ${JSON.stringify(specifier)} (Pinecall itself), which a plain helper file cannot use in the simulator`
          : `${shown} imports ${JSON.stringify(specifier)} (a package), which Callboard does not bundle`;
      }
      const to = resolveRelative(this.folder.files, path, specifier);
      // A cycle runs as Node runs one (the module is half-made while the other reads it): allowed.
      if (to.ok && this.visiting.has(to.path)) {
        (this.links[path] ??= {})[specifier] = to.path;
        continue;
      }
      const linked = this.link(path, specifier, depth + 1);
      if (linked.why) return linked.path ? `${shown} imports ${JSON.stringify(specifier)}: ${linked.why}` : `${shown}: ${linked.why}`;
    }
    const host = hostNamesUsed(sf);
    if (host.length) return `${shown} uses ${host.map((n) => `\`${n}\``).join(', ')}, which the simulator's sandbox does not have`;
    return undefined;
  }
}

export interface BaseFromFile {
  /** The base classes, nearest first, each with the context of the file it stands in. */
  chain: { cls: ts.ClassDeclaration; ctx: ImportContext; path: string }[];
  /** Why the base could not be read, when it could not: said where the agent names it. */
  problem?: string;
}

/** The class `name` exported by `sf` (`default`: the default-exported one). */
function exportedClass(sf: ts.SourceFile, name: string): ts.ClassDeclaration | undefined {
  const classes = sf.statements.filter(ts.isClassDeclaration);
  const has = (c: ts.ClassDeclaration, kind: ts.SyntaxKind) => ts.getModifiers(c)?.some((m) => m.kind === kind) ?? false;
  if (name === 'default') return classes.find((c) => has(c, ts.SyntaxKind.DefaultKeyword));
  const direct = classes.find((c) => c.name?.text === name && has(c, ts.SyntaxKind.ExportKeyword));
  if (direct) return direct;
  // `class X …` then `export { X }`.
  const listed = sf.statements.some((st) => ts.isExportDeclaration(st) && !st.moduleSpecifier && st.exportClause && ts.isNamedExports(st.exportClause) && st.exportClause.elements.some((e) => e.name.text === name && !e.propertyName));
  return listed ? classes.find((c) => c.name?.text === name) : undefined;
}

export class AgentFolderImport {
  private readonly reader: FolderReader;
  /** The base files read, with their top-level statements (all but their classes) and imports. */
  private readonly baseFiles: NonNullable<PinecallPreserved['folder']>['baseFiles'] = [];
  private readonly bindings: FolderBinding[] = [];
  /** Problems in a base file: said with its path, since their lines are that file's. */
  readonly problems: { errors: SourceProblem[]; warnings: SourceProblem[] } = { errors: [], warnings: [] };

  constructor(private readonly folder: AgentFolder) {
    this.reader = new FolderReader(folder);
  }

  /** The chain of bases starting at `base`, imported from `specifier` by the file at `importer`. */
  baseChain(importer: string, specifier: string, imported: string, depth = 1): BaseFromFile {
    if (!isRelative(specifier)) return { chain: [], problem: `${JSON.stringify(specifier)} is a package, which Callboard does not read` };
    if (depth > MAX_IMPORT_DEPTH) return { chain: [], problem: `the chain of base classes goes past ${MAX_IMPORT_DEPTH} files` };
    const resolved = resolveRelative(this.folder.files, importer, specifier);
    if (!resolved.ok) return { chain: [], problem: resolved.reason };
    const parsed = parseWithinBounds(resolved.text);
    if (!parsed.ok) return { chain: [], problem: `${resolved.path}:${parsed.error.line}:${parsed.error.column}: ${parsed.error.message}` };
    const sf = parsed.sf;
    const ctx = new ImportContext(sf);
    const syntax = (sf as unknown as { parseDiagnostics?: ts.DiagnosticWithLocation[] }).parseDiagnostics ?? [];
    if (syntax.length) {
      const at = ctx.at(syntax[0].start, ts.flattenDiagnosticMessageText(syntax[0].messageText, ' '));
      return { chain: [], problem: `${resolved.path}:${at.line}:${at.column}: ${at.message}` };
    }
    const cls = exportedClass(sf, imported);
    if (!cls) return { chain: [], problem: `${resolved.path} exports no class ${imported === 'default' ? 'as its default' : imported}: write \`export ${imported === 'default' ? 'default ' : ''}class ${imported === 'default' ? '<Name>' : imported} extends Agent { … }\` there` };
    const inFile = [cls, ...baseClassesInFile(sf, cls)];
    const chain = inFile.map((c) => ({ cls: c, ctx, path: resolved.path }));
    this.keepBaseFile(resolved.path, sf, inFile, depth);
    // The last base of this file may extend one imported from a further file.
    const last = inFile[inFile.length - 1];
    const next = last.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword)?.types[0]?.expression;
    if (next && ts.isIdentifier(next) && next.text !== 'Agent') {
      const binding = importsOf(sf).flatMap(bindingsOf).find((b) => b.local === next.text);
      if (binding) {
        const further = this.baseChain(resolved.path, binding.from, binding.imported, depth + 1);
        if (further.problem) return { chain, problem: `${resolved.path}: ${next.text}, imported from "${binding.from}": ${further.problem}` };
        chain.push(...further.chain);
      }
    }
    return { chain };
  }

  /** A base file's other statements join the agent's file declarations, and its imports are linked from its own folder. */
  private keepBaseFile(path: string, sf: ts.SourceFile, classes: ts.ClassDeclaration[], depth: number): void {
    if (this.baseFiles!.some((f) => f.path === path)) return;
    const statements = sf.statements
      .filter((st) => !ts.isImportDeclaration(st) && !classes.includes(st as ts.ClassDeclaration) && !ts.isExportDeclaration(st))
      .map((st) => textWithComments(sf, st));
    const imports = importsOf(sf)
      .filter((st) => ts.isStringLiteral(st.moduleSpecifier) && st.moduleSpecifier.text !== PINECALL_MODULE && !isRelative(st.moduleSpecifier.text))
      .map((st) => st.getText(sf));
    this.baseFiles!.push({ path, statements, imports });
    // The classes and what they extend are the base chain's, not helpers.
    const extended = classes.map((c) => c.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword)?.types[0]?.expression.getText(sf) ?? '');
    this.linkImports(path, sf, depth, [...classes.map((c) => c.name?.text ?? ''), ...extended]);
  }

  /** The relative imports of the file at `importer`, linked: each name either bundled (a path) or said why not. */
  linkImports(importer: string, sf: ts.SourceFile, depth: number, skip: string[] = []): void {
    for (const st of importsOf(sf)) {
      for (const binding of bindingsOf(st)) {
        if (!isRelative(binding.from) || skip.includes(binding.local)) continue;
        // A name of a base file is one of its statements already (keepBaseFile), not a helper module.
        const target = resolveRelative(this.folder.files, importer, binding.from);
        if (target.ok && this.baseFiles!.some((f) => f.path === target.path) && binding.imported !== '*') continue;
        const linked = this.reader.link(importer, binding.from, depth);
        this.bindings.push({ ...binding, importer, ...linked });
      }
    }
  }

  /** The warnings said at the agent's import statements: each name that will not run, and why. */
  warnAt(ctx: ImportContext): void {
    for (const st of importsOf(ctx.sf)) {
      for (const binding of bindingsOf(st)) {
        const b = this.bindings.find((x) => x.importer === this.folder.agent && x.local === binding.local);
        if (b?.why) ctx.warn(st, `${binding.local}, imported from ${JSON.stringify(binding.from)}, cannot run in the simulator: ${b.why}. Give ${binding.local} a mock answer (the tool's "Cannot run in the simulator" section, or mocks.helpers), or keep the helper in the agent's folder as plain TypeScript`);
      }
    }
    for (const b of this.bindings) {
      if (b.importer !== this.folder.agent && b.why) ctx.warnings.push({ line: 1, column: 1, message: `${b.importer}: ${b.local}, imported from ${JSON.stringify(b.from)}, cannot run in the simulator: ${b.why}; give it a mock answer` });
    }
  }

  /** What the simulator needs of the folder, or undefined when the agent reached none of it. */
  preserved(): PinecallPreserved['folder'] {
    if (this.bindings.length === 0 && this.baseFiles!.length === 0) return undefined;
    const { files, refused, links } = this.reader;
    return {
      agent: this.folder.agent,
      files,
      links,
      bindings: this.bindings,
      ...(Object.keys(refused).length ? { refused } : {}),
      ...(this.baseFiles!.length ? { baseFiles: this.baseFiles } : {}),
    };
  }
}
