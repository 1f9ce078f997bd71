import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * Compiles one agent file the way Pinecall builds it — `--strict`, `experimentalDecorators`,
 * `jsx: react-jsx` — against the declarations in this folder (no node_modules, no React types),
 * and returns its diagnostics as `line:column message` strings (none: it compiles).
 */
const here = path.dirname(fileURLToPath(import.meta.url));

export const AGENT_COMPILER_OPTIONS: ts.CompilerOptions = {
  strict: true,
  experimentalDecorators: true,
  jsx: ts.JsxEmit.ReactJSX,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: ['lib.es2022.d.ts'],
  types: [],
  noEmit: true,
  paths: {
    '@pinecall/agents': [path.join(here, 'index.d.ts')],
    'react/jsx-runtime': [path.join(here, 'jsx-runtime.d.ts')],
  },
};

/** Library and declaration files parsed once for all compiles: parsing lib.es2022 dominates the time. */
const sharedFiles = new Map<string, ts.SourceFile | undefined>();
/** The last program, handed to the next one so that it reuses what did not change. */
let previous: ts.Program | undefined;
/**
 * The library and these declarations are checked once per worker: they are the same in every
 * compile, and checking them again took most of each compile (≈ 0.5 s, against ≈ 30 ms for the
 * agent file alone), which a property over hundreds of exports cannot afford.
 */
let declarationsChecked = false;

export function compileAgent(text: string, fileName = path.join(here, '__virtual__', 'agent.tsx')): string[] {
  const host = ts.createCompilerHost(AGENT_COMPILER_OPTIONS);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language, onError, create) =>
    name === fileName ? ts.createSourceFile(name, text, language, true, ts.ScriptKind.TSX) : cached(name, () => getSourceFile(name, language, onError, create));
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => name === fileName || fileExists(name);
  const readFile = host.readFile.bind(host);
  host.readFile = (name) => (name === fileName ? text : readFile(name));
  const cached = (name: string, read: () => ts.SourceFile | undefined) => {
    if (!sharedFiles.has(name)) sharedFiles.set(name, read());
    return sharedFiles.get(name);
  };
  const program = ts.createProgram({ rootNames: [fileName], options: AGENT_COMPILER_OPTIONS, host, oldProgram: previous });
  previous = program;
  const agent = program.getSourceFile(fileName);
  const diagnostics = declarationsChecked && agent
    ? [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics(), ...program.getSyntacticDiagnostics(agent), ...program.getSemanticDiagnostics(agent)]
    : ts.getPreEmitDiagnostics(program);
  declarationsChecked = true;
  return diagnostics.map((d) => {
    const message = ts.flattenDiagnosticMessageText(d.messageText, '\n');
    if (!d.file || d.start === undefined) return message;
    const { line, character } = d.file.getLineAndCharacterOfPosition(d.start);
    return `${path.basename(d.file.fileName)}:${line + 1}:${character + 1} ${message}`;
  });
}
