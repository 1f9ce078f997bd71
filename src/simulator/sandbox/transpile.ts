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
 * Transpile one piece of source and report its syntax errors with line numbers counted from the
 * first line of what the user typed (`headerLines` lines of wrapper come before it).
 */
function transpileOne(source: string, fileName: string, headerLines: number, label: string): TranspileResult {
  const out = ts.transpileModule(source, { compilerOptions: OPTIONS, fileName, reportDiagnostics: true });
  const errors = (out.diagnostics ?? []).filter((d) => d.category === ts.DiagnosticCategory.Error);
  if (errors.length === 0) return { ok: true, code: out.outputText };
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
  const key = JSON.stringify([body, params, helpers ?? '']);
  const cached = cache.get(key);
  if (cached) return cached;
  const result = transpileUncached(body, params, helpers);
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(key, result);
  return result;
}

const CACHE_LIMIT = 200;
const cache = new Map<string, TranspileResult>();

function transpileUncached(body: string, params: readonly string[], helpers?: string): TranspileResult {
  const bad = params.find((p) => !IDENTIFIER.test(p));
  if (bad !== undefined) return { ok: false, error: `Invalid parameter name: ${JSON.stringify(bad)}` };
  const tool = transpileOne(`async function __tool(${params.join(', ')}) {\n${body}\n}\n`, 'tool.ts', 1, 'Tool code');
  if (!tool.ok || !helpers || !helpers.trim()) return tool;
  const helperCode = transpileOne(`class __Helpers {\n${helpers}\n}\n`, 'helpers.ts', 1, 'Helper methods');
  if (!helperCode.ok) return helperCode;
  return { ok: true, code: `${tool.code}\n${helperCode.code}` };
}
