// What the simulator runs of an imported Pinecall class beside its tools: the class's helper
// methods and getters, the file's own top-level declarations, and the names it imports (which
// cannot run in a browser and become stubs). Read from what the Pinecall importer keeps in
// `doc.preserved.pinecall` (runtimes/pinecall/format/preserved.ts); read here as unknown, since the engine
// imports only the model, and parsed with the TypeScript parser alone (no type checker).
import ts from 'typescript';
import type { AgentDocument } from '../../model';
import type { ViewImport } from '../sandbox/agent-code';
import { PINECALL_VIEW_NAMES } from '../sandbox/guest-view';
import { bindingDeclarations, folderCodeOf, type BundledName } from './folder';
import { helperMocksOf } from './mocks';

/** A class member the sandbox puts on `this`: a plain method, a getter or a setter, as written. */
export interface ClassMember {
  name: string;
  kind: 'method' | 'getter' | 'setter';
  source: string;
}

/**
 * One top-level declaration of the file (a function, class, const/let/var, enum or namespace), as
 * written with its `export` taken off. `assignable` names may be reassigned by the file's own
 * functions (let, var, function), so the sandbox exposes them live.
 */
export interface FileDeclaration {
  names: string[];
  assignable: string[];
  source: string;
}

/** A name another file or a package provides: `import { agendaFor } from "./agenda"`. */
export interface ImportedName {
  /** The name the code uses. */
  local: string;
  /** The module it comes from, as written. */
  from: string;
  /** `default`, `*` (a namespace import) or the exported name. */
  imported: string;
  /** Why a name imported from the agent's folder cannot run in the simulator (folder.ts): said with its need. */
  why?: string;
}

export interface ClassCode {
  members: ClassMember[];
  declarations: FileDeclaration[];
  imports: ImportedName[];
  /**
   * Pinecall's own view components and JSX runtime functions the file imports (`Section`, `Rule`,
   * `renderToText`…): the sandbox has them (guest-view.ts), so they are no needs and no stubs.
   */
  views: ViewImport[];
  /** Names imported by a relative path that run from the agent's folder, bundled into the sandbox (folder.ts), unless mocked. */
  bundled: BundledName[];
}

/** The world's calls a class may make on `this`; the simulator cannot answer them, a mock can. */
export const WORLD_CALLS: readonly { helper: string; what: string }[] = [
  { helper: 'knowledge.search', what: "the knowledge base the world attaches" },
  { helper: 'remembers', what: "the world's memory of the caller" },
];

/** The module Pinecall's own names come from (runtimes/pinecall/format/export.ts PINECALL_MODULE; the engine may not import it). */
const PINECALL_MODULE = '@pinecall/agents';

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

function parse(source: string, kind: ts.ScriptKind): ts.SourceFile {
  return ts.createSourceFile(kind === ts.ScriptKind.TSX ? 'piece.tsx' : 'piece.ts', source, ts.ScriptTarget.ES2020, true, kind);
}

const isStatic = (node: ts.Node): boolean => (ts.getCombinedModifierFlags(node as ts.Declaration) & ts.ModifierFlags.Static) !== 0;

/** A member's name when it is a plain one (an identifier or a string key); private `#names` cannot be reached from a tool. */
function plainName(name: ts.PropertyName, sf: ts.SourceFile): string | undefined {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name)) return name.text;
  return ts.isPrivateIdentifier(name) || ts.isComputedPropertyName(name) ? undefined : name.getText(sf);
}

/**
 * A kept member as the sandbox uses it. Fields, static members and render() are left out: a
 * field's initializer is not the simulator's to run (state fields come from the document), and a
 * JSX render() would make every tool a syntax error.
 */
function readMember(source: string): ClassMember | undefined {
  // TSX, as the importer parses the file: a kept render() may hold JSX.
  const sf = parse(`class __M {\n${source}\n}`, ts.ScriptKind.TSX);
  const cls = sf.statements[0];
  if (!cls || !ts.isClassDeclaration(cls) || cls.members.length !== 1) return undefined;
  const m = cls.members[0];
  if (isStatic(m) || !m.name) return undefined;
  const name = plainName(m.name, sf);
  if (name === undefined) return undefined;
  if (ts.isMethodDeclaration(m) && m.body && name !== 'render') return { name, kind: 'method', source };
  if (ts.isGetAccessorDeclaration(m) && m.body) return { name, kind: 'getter', source };
  if (ts.isSetAccessorDeclaration(m) && m.body) return { name, kind: 'setter', source };
  return undefined;
}

function bindingNames(name: ts.BindingName, out: string[]): string[] {
  if (ts.isIdentifier(name)) out.push(name.text);
  else for (const element of name.elements) if (!ts.isOmittedExpression(element)) bindingNames(element.name, out);
  return out;
}

const hasModifier = (node: ts.Node, kind: ts.SyntaxKind): boolean =>
  (ts.canHaveModifiers(node) ? (ts.getModifiers(node) ?? []) : []).some((m) => m.kind === kind);

/** The names a statement declares at run time; type-only and `declare` statements declare none. */
function declared(statement: ts.Statement): { names: string[]; assignable: string[] } | undefined {
  if (hasModifier(statement, ts.SyntaxKind.DeclareKeyword)) return undefined;
  if (ts.isFunctionDeclaration(statement) && statement.name && statement.body) return { names: [statement.name.text], assignable: [statement.name.text] };
  if (ts.isClassDeclaration(statement) && statement.name) return { names: [statement.name.text], assignable: [] };
  if (ts.isEnumDeclaration(statement)) return { names: [statement.name.text], assignable: [] };
  if (ts.isModuleDeclaration(statement) && ts.isIdentifier(statement.name) && statement.body) return { names: [statement.name.text], assignable: [] };
  if (ts.isVariableStatement(statement)) {
    const names = statement.declarationList.declarations.flatMap((d) => bindingNames(d.name, []));
    const constant = (statement.declarationList.flags & ts.NodeFlags.Const) !== 0;
    return { names, assignable: constant ? [] : names };
  }
  return undefined;
}

/** The statement's text with `export` and `default` blanked out (same length, so positions hold). */
function withoutExport(text: string, statement: ts.Statement, sf: ts.SourceFile): string {
  let out = text;
  for (const modifier of ts.canHaveModifiers(statement) ? (ts.getModifiers(statement) ?? []) : []) {
    if (modifier.kind !== ts.SyntaxKind.ExportKeyword && modifier.kind !== ts.SyntaxKind.DefaultKeyword) continue;
    const start = modifier.getStart(sf);
    out = out.slice(0, start) + ' '.repeat(modifier.end - start) + out.slice(modifier.end);
  }
  return out;
}

/** A top-level piece as TypeScript, or as TSX when only that parses it (a view component of the `.tsx` file). */
function parseStatement(piece: string): ts.SourceFile {
  const plain = parse(piece, ts.ScriptKind.TS);
  const broken = (plain as unknown as { parseDiagnostics?: unknown[] }).parseDiagnostics?.length;
  return broken ? parse(piece, ts.ScriptKind.TSX) : plain;
}

function readDeclarations(pieces: string[]): FileDeclaration[] {
  const out: FileDeclaration[] = [];
  for (const piece of pieces) {
    const sf = parseStatement(piece);
    for (const statement of sf.statements) {
      const names = declared(statement);
      if (!names || names.names.length === 0) continue;
      // Each statement on its own, so that one the sandbox cannot run breaks only the names it declares.
      const source = withoutExport(piece, statement, sf).slice(statement.getFullStart(), statement.end);
      out.push({ ...names, source });
    }
  }
  return out;
}

function readImports(pieces: string[], fromPinecall: string[]): { imports: ImportedName[]; views: ViewImport[] } {
  const out: ImportedName[] = [];
  const sources = [...pieces, ...(fromPinecall.length ? [`import { ${fromPinecall.join(', ')} } from ${JSON.stringify(PINECALL_MODULE)};`] : [])];
  for (const piece of sources) {
    for (const statement of parse(piece, ts.ScriptKind.TS).statements) {
      if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
      const clause = statement.importClause;
      if (!clause || clause.isTypeOnly) continue;
      const from = statement.moduleSpecifier.text;
      if (clause.name) out.push({ local: clause.name.text, from, imported: 'default' });
      const bindings = clause.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) out.push({ local: bindings.name.text, from, imported: '*' });
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) {
          if (!element.isTypeOnly) out.push({ local: element.name.text, from, imported: (element.propertyName ?? element.name).text });
        }
      }
    }
  }
  const isView = (i: ImportedName) => i.from === PINECALL_MODULE && PINECALL_VIEW_NAMES.includes(i.imported);
  return { imports: out.filter((i) => !isView(i)), views: out.filter(isView).map((i) => ({ local: i.local, name: i.imported })) };
}

const cache = new WeakMap<object, { code: ClassCode; byMocks: Map<string, ClassCode> }>();
const EMPTY: ClassCode = { members: [], declarations: [], imports: [], views: [], bundled: [] };

function readKept(kept: Record<string, unknown>): ClassCode {
  // Names beyond Agent/state/tool/Stages imported from Pinecall's own package, as written (`type X` ones are types).
  const read = readImports(strings(kept.imports), strings(kept.agentsImports));
  const own = readDeclarations([...strings(kept.before), ...strings(kept.after)]);
  const folder = folderCodeOf(kept, readDeclarations, (pieces) => readImports(pieces, []).imports);
  // What the agent file imports by a relative path is the folder's to say (bundled, or a need with why).
  const imports = [...read.imports.filter((i) => !folder?.agentLocals.has(i.local)), ...(folder?.imports ?? [])];
  const ownNames = new Set(own.flatMap((d) => d.names));
  const baseDeclarations = (folder?.declarations ?? []).filter((d) => !d.names.some((n) => ownNames.has(n)));
  return {
    // A base class's members first (same file or the folder, `extends`): the subclass's own, later, win by name.
    members: [...strings(kept.baseMembers), ...strings(kept.members)].map(readMember).filter((m): m is ClassMember => m !== undefined),
    declarations: [...(folder?.registry ? [folder.registry] : []), ...baseDeclarations, ...own],
    imports,
    views: read.views,
    bundled: folder?.bundled ?? [],
  };
}

/**
 * `code` with the names the user mocked taken out of the bundle (their mock wins, folder.ts), and
 * the bindings of the rest placed before the file's declarations (the registry stays first).
 */
function withMocks(code: ClassCode, mocked: ReadonlySet<string>): ClassCode {
  const run = code.bundled.filter((b) => !mocked.has(b.local));
  const stubbed = code.bundled.filter((b) => mocked.has(b.local)).map((b): ImportedName => ({ local: b.local, from: b.from, imported: b.imported }));
  const [registry, ...rest] = code.declarations;
  return {
    ...code,
    bundled: run,
    imports: [...code.imports, ...stubbed],
    declarations: run.length ? [registry, ...bindingDeclarations(run), ...rest] : rest,
  };
}

/** The class code of `doc`, read once per preserved object (documents are immutable), and per set of mocked bundled names. */
export function classCodeOf(doc: AgentDocument): ClassCode {
  const kept = doc.preserved?.pinecall as Record<string, unknown> | undefined;
  if (!kept || typeof kept !== 'object') return EMPTY;
  let known = cache.get(kept);
  if (!known) {
    known = { code: readKept(kept), byMocks: new Map() };
    cache.set(kept, known);
  }
  if (known.code.bundled.length === 0) return known.code;
  const mocks = helperMocksOf(doc);
  const mocked = known.code.bundled.filter((b) => Object.hasOwn(mocks, b.local)).map((b) => b.local);
  const key = mocked.join('\n');
  let code = known.byMocks.get(key);
  if (!code) {
    code = withMocks(known.code, new Set(mocked));
    known.byMocks.set(key, code);
  }
  return code;
}

/** The getters of the class: derived state (pinecall.md, "Getters are derived state"). */
export function getterNames(doc: AgentDocument): string[] {
  return [...new Set(classCodeOf(doc).members.filter((m) => m.kind === 'getter').map((m) => m.name))];
}
