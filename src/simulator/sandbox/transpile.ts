import ts from 'typescript';

/** Outcome of turning a tool's TypeScript method body (and the class's helpers) into plain JS. */
export type TranspileResult = { ok: true; code: string } | { ok: false; error: string };

// A parameter name is spliced into the wrapper's source, so anything but a plain identifier is
// refused up front instead of being allowed to reshape the wrapper.
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

const OPTIONS: ts.CompilerOptions = {
  // ES2020 keeps async/await, optional chaining and `??` native: QuickJS runs them as written,
  // so a tool's stack traces and semantics are the ones its author wrote.
  target: ts.ScriptTarget.ES2020,
  module: ts.ModuleKind.ESNext,
  removeComments: false,
};

/**
 * JSX as the agent's `.tsx` file writes it (a `render()`, a view component, a helper returning
 * `<p>…</p>`): each element becomes a call of `JSX_FACTORY` (`__jsx(type, props, ...children)`),
 * a fragment's type is `JSX_FRAGMENT`; the guest's JSX runtime (guest-view.ts) defines both in
 * every context, so the element is the plain tree Pinecall's own runtime builds.
 */
export const JSX_FACTORY = '__jsx';
export const JSX_FRAGMENT = '__Fragment';
const TSX_OPTIONS: ts.CompilerOptions = { ...OPTIONS, jsx: ts.JsxEmit.React, jsxFactory: JSX_FACTORY, jsxFragmentFactory: JSX_FRAGMENT };

function errorsOf(out: ts.TranspileOutput): ts.Diagnostic[] {
  return (out.diagnostics ?? []).filter((d) => d.category === ts.DiagnosticCategory.Error);
}

/**
 * Transpile one piece of source and report its syntax errors with line numbers counted from the
 * first line of what the user typed (`headerLines` lines of wrapper come before it). Plain
 * TypeScript first; only a piece that does not parse so is read again as TSX (`<T>x` casts and
 * `<T>() =>` generics mean something else there), and if that fails too the TypeScript errors are
 * said. `tsxOnly`: read as TSX alone (a render(), which is JSX by nature).
 */
function transpileOne(source: string, fileName: string, headerLines: number, label: string, tsxOnly = false): TranspileResult {
  const tsx = () => ts.transpileModule(source, { compilerOptions: TSX_OPTIONS, fileName: fileName.replace(/\.ts$/, '.tsx'), reportDiagnostics: true });
  const out = tsxOnly ? tsx() : ts.transpileModule(source, { compilerOptions: OPTIONS, fileName, reportDiagnostics: true });
  const errors = errorsOf(out);
  if (errors.length === 0) return { ok: true, code: out.outputText };
  const jsx = tsxOnly ? out : tsx();
  if (errorsOf(jsx).length === 0) return { ok: true, code: jsx.outputText };
  const lines = errors.slice(0, 3).map((d) => {
    const message = ts.flattenDiagnosticMessageText(d.messageText, '\n');
    if (!d.file || d.start === undefined) return `${label}: ${message}`;
    const { line, character } = d.file.getLineAndCharacterOfPosition(d.start);
    return `${label} line ${Math.max(1, line - headerLines + 1)}:${character + 1}: ${message}`;
  });
  return { ok: false, error: lines.join('\n') };
}

/**
 * Wrap the body as `async function __tool(<params>) { <body> }` so `await`, `return` and type
 * annotations all work, and the helpers as `class __Helpers { <helpers> }` so the runner can copy
 * its methods onto `this`. Both become global declarations of the script QuickJS evaluates.
 */
export function transpileTool(body: string, params: readonly string[], helpers?: string): TranspileResult {
  // transpileModule costs ~10 ms a call; the same tool runs many times in a session, unchanged.
  return cached(JSON.stringify([body, params, helpers ?? '']), () => transpileUncached(body, params, helpers));
}

const CACHE_LIMIT = 200;
const cache = new Map<string, TranspileResult>();

function cached(key: string, make: () => TranspileResult): TranspileResult {
  const known = cache.get(key);
  if (known) return known;
  const result = make();
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(key, result);
  return result;
}

/** One class member (a helper method, a getter) on its own, to tell before a run whether it transpiles. */
export function transpileMember(source: string): TranspileResult {
  return cached(JSON.stringify(['member', source]), () => transpileOne(`class __M {\n${source}\n}\n`, 'member.ts', 1, 'Helper'));
}

/**
 * A kept `render()` method as the one member of `class __View`, its JSX read by JSX_FACTORY. As
 * TSX only: a render() is the `.tsx` file's, where `(<p>text)` is an unclosed tag, not a cast.
 */
export function transpileView(source: string): TranspileResult {
  return cached(JSON.stringify(['view', source]), () => transpileOne(`class __View {\n${source}\n}\n`, 'view.ts', 1, 'render()', true));
}

/** One top-level declaration of the agent's file (a function, a const, a class…), as plain JS. */
export function transpileDeclaration(source: string): TranspileResult {
  return cached(JSON.stringify(['declaration', source]), () => transpileOne(source, 'declaration.ts', 0, 'Top-level code'));
}

function transpileUncached(body: string, params: readonly string[], helpers?: string): TranspileResult {
  const bad = params.find((p) => !IDENTIFIER.test(p));
  if (bad !== undefined) return { ok: false, error: `Invalid parameter name: ${JSON.stringify(bad)}` };
  const tool = transpileOne(`async function __tool(${params.join(', ')}) {\n${body}\n}\n`, 'tool.ts', 1, 'Tool code');
  if (!tool.ok || !helpers || !helpers.trim()) return tool;
  const helperCode = transpileOne(`class __Helpers {\n${helpers}\n}\n`, 'helpers.ts', 1, 'Helper methods');
  if (!helperCode.ok) return helperCode;
  return { ok: true, code: `${tool.code}\n${helperCode.code}` };
}

/**
 * A plain TypeScript helper file of the agent's folder (simulator/class-code/folder.ts) as a
 * CommonJS module body: `exports.agendaFor = …`, `require("./hours")`. The folder's bundle wraps
 * it in a function and gives it a `require` that knows only the folder's other bundled files, so
 * it runs inside QuickJS like the agent's own code; nothing of it runs in the host.
 */
export function transpileHelperFile(source: string, path: string): TranspileResult {
  return cached(JSON.stringify(['helper-file', path, source]), () => {
    const options = { ...(path.endsWith('.tsx') ? TSX_OPTIONS : OPTIONS), module: ts.ModuleKind.CommonJS };
    const out = ts.transpileModule(source, { compilerOptions: options, fileName: path, reportDiagnostics: true });
    const errors = errorsOf(out);
    if (errors.length === 0) return { ok: true, code: out.outputText };
    const d = errors[0];
    const where = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
    return { ok: false, error: `${path}${where ? `:${where.line + 1}:${where.character + 1}` : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}` };
  });
}
