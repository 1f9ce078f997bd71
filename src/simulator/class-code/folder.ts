// The agent's folder as the sandbox runs it (issue 12): the plain TypeScript helper files the
// importer read (`doc.preserved.pinecall.folder`, runtimes/pinecall/format/import-files.ts) bundled as
// CommonJS modules into one top-level declaration, `__callboardModules(path)`, and each imported
// name bound to its module's export. Everything is source evaluated inside QuickJS beside the
// tool, as the file's own declarations are (sandbox/agent-code.ts): nothing runs in the host.
// Read as unknown, since the engine imports only the model.
//
// Mocks and helpers: a name the folder bundles runs as written unless the user gave it a mock
// answer (doc.mocks.helpers), which then wins, so a conversation test can pin what agendaFor
// answers. A name the folder could not bundle (it imports a package, uses `fetch`…) stays a need,
// said with why (`why`), and its mock works as for any import.
//
// Never outside the folder (security issue 30): the importer read only files inside it, and a
// saved document that names one by a path that leaves it (`../x`, `/etc/x`, `C:\x`, `lib\..\x`,
// NUL) has that file dropped here, so its name stays a need, said with why.
import { folderPathProblem } from '../../model/folder-paths';
import { transpileHelperFile } from '../sandbox/transpile';

/** read.ts's FileDeclaration and ImportedName, by shape (read.ts imports this file, not the other way round). */
interface FileDeclaration { names: string[]; assignable: string[]; source: string }
interface ImportedName { local: string; from: string; imported: string; why?: string }

/** A name bound to a bundled module's export. */
export interface BundledName {
  local: string;
  /** The specifier as written (`./agenda`). */
  from: string;
  path: string;
  imported: string;
}

export interface FolderCode {
  /** The modules' registry (absent when nothing is bundled). */
  registry?: FileDeclaration;
  /** The base files' top-level statements (the helpers their methods call). */
  declarations: FileDeclaration[];
  /** Each imported name bundled from the folder. */
  bundled: BundledName[];
  /** Names imported by a relative path that cannot run (with why), and the base files' package imports' names. */
  imports: ImportedName[];
  /** The relative specifiers the agent file imports, so its own import statements of them are not read as needs again. */
  agentLocals: Set<string>;
}

/** The registry's name in the sandbox's global scope: one no agent writes. */
export const MODULES = '__callboardModules';

interface FolderBinding { local: string; from: string; imported: string; importer: string; path?: string; why?: string }

const record = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function bindingsOf(folder: Record<string, unknown>): FolderBinding[] {
  const list = Array.isArray(folder.bindings) ? folder.bindings : [];
  return list.flatMap((b): FolderBinding[] => {
    const r = record(b);
    const [local, from, imported, importer] = [text(r.local), text(r.from), text(r.imported), text(r.importer)];
    if (local === undefined || from === undefined || imported === undefined || importer === undefined) return [];
    return [{ local, from, imported, importer, path: text(r.path), why: text(r.why) }];
  });
}

/**
 * The registry: each file a function of (exports, require, module), loaded on first use and once;
 * `require` resolves only the specifiers the importer linked for that file. A file that does not
 * transpile throws what is wrong when loaded, so it breaks only the names bound to it.
 */
function registrySource(files: Record<string, unknown>, links: Record<string, unknown>): string {
  const defs = Object.entries(files).flatMap(([path, source]) => {
    if (typeof source !== 'string') return [];
    const js = transpileHelperFile(source, path);
    const body = js.ok ? js.code : `throw new Error(${JSON.stringify(`${path} could not be read: ${js.error}`)});`;
    return [`[${JSON.stringify(path)}, function (exports, require, module) {\n${body}\n}]`];
  });
  const linked = Object.entries(links).map(([path, specs]) => [path, Object.entries(record(specs)).filter(([, to]) => typeof to === 'string')]);
  return `const ${MODULES} = (() => {
  const defs = new Map([${defs.join(',\n')}]);
  const links = new Map(${JSON.stringify(linked)}.map(([path, specs]) => [path, new Map(specs)]));
  const loaded = new Map();
  const load = (path) => {
    if (loaded.has(path)) return loaded.get(path).exports;
    const def = defs.get(path);
    if (def === undefined) throw new Error(path + ' is not among the helper files read from the agent\\'s folder');
    const module = { exports: {} };
    loaded.set(path, module);
    const require = (specifier) => {
      const to = links.get(path) && links.get(path).get(specifier);
      if (to === undefined) throw new Error(path + ' imports ' + JSON.stringify(specifier) + ', which is not bundled');
      return load(to);
    };
    def.call(undefined, module.exports, require, module);
    return module.exports;
  };
  return load;
})();`;
}

/** The source binding `local` to its module's export. */
function bindingSource(b: BundledName): string {
  const module = `${MODULES}(${JSON.stringify(b.path)})`;
  return `const ${b.local} = ${b.imported === '*' ? module : `${module}[${JSON.stringify(b.imported)}]`};`;
}

/** Declarations binding each name to its module's export; they come before the file's own (a top-level `const x = agendaFor()` may use one). */
export function bindingDeclarations(bundled: readonly BundledName[]): FileDeclaration[] {
  return bundled.map((b) => ({ names: [b.local], assignable: [], source: bindingSource(b) }));
}

/**
 * The folder of `kept` (a document's `preserved.pinecall`), as code: undefined when the import
 * read no folder. `readDeclarations` and `readImports` are read.ts's, passed in to keep one parser.
 */
export function folderCodeOf(
  kept: Record<string, unknown>,
  readDeclarations: (pieces: string[]) => FileDeclaration[],
  readImports: (pieces: string[]) => ImportedName[],
): FolderCode | undefined {
  const folder = record(kept.folder);
  const agent = text(folder.agent);
  if (agent === undefined) return undefined;
  const files = Object.fromEntries(Object.entries(record(folder.files)).filter(([path]) => !folderPathProblem(path)));
  const bundled: BundledName[] = [];
  const imports: ImportedName[] = [];
  const seen = new Set<string>();
  // The agent's own imports first: its names win over a base file's of the same name.
  const bindings = bindingsOf(folder).sort((a, b) => Number(b.importer === agent) - Number(a.importer === agent));
  for (const b of bindings) {
    if (seen.has(b.local)) continue;
    seen.add(b.local);
    const outside = b.path === undefined ? undefined : folderPathProblem(b.path);
    if (b.path !== undefined && !outside && b.why === undefined && Object.hasOwn(files, b.path)) bundled.push({ local: b.local, from: b.from, path: b.path, imported: b.imported });
    else {
      const why = b.why ?? (outside ? `${JSON.stringify(b.path)} ${outside}: Callboard reads no file for it` : undefined);
      imports.push({ local: b.local, from: b.from, imported: b.imported, ...(why ? { why } : {}) });
    }
  }
  const baseFiles = (Array.isArray(folder.baseFiles) ? folder.baseFiles : []).map(record);
  const statements = baseFiles.flatMap((f) => (Array.isArray(f.statements) ? f.statements.filter((s): s is string => typeof s === 'string') : []));
  const baseImports = readImports(baseFiles.flatMap((f) => (Array.isArray(f.imports) ? f.imports.filter((s): s is string => typeof s === 'string') : [])));
  for (const i of baseImports) if (!seen.has(i.local)) imports.push(i);
  return {
    ...(bundled.length ? { registry: { names: [MODULES], assignable: [], source: registrySource(files, record(folder.links)) } } : {}),
    declarations: readDeclarations(statements),
    bundled,
    imports,
    agentLocals: new Set(bindings.filter((b) => b.importer === agent).map((b) => b.local)),
  };
}
