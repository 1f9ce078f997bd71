// Whether a `when` source or an expression condition parses as JavaScript. It is parsed by acorn,
// a parser written in JavaScript: the text is never handed to the engine (`new Function` would
// compile a document's string into page code, which the page's Content-Security-Policy forbids),
// and never run. Acorn is ~34 kB gzipped, so it is a chunk of its own, loaded by whoever lints: the
// problems worker and the CLI await loadExpressionParser first; lint in the page's own thread
// starts it, says nothing about syntax until it has loaded, and runs again once
// `expressionParserLoaded` turns true (store/selectors.ts). The page itself never lints where
// there are workers, so its first load no longer fetches acorn beside the worker's copy.
type Acorn = typeof import('acorn');

let acorn: Acorn | undefined;
let loading: Promise<void> | undefined;

/** Starts loading the parser (once) and resolves when it is there. */
export function loadExpressionParser(): Promise<void> {
  loading ??= import('acorn').then(
    (module) => {
      acorn = module;
    },
    (error: unknown) => {
      // Left unloaded: syntax goes unreported, and a later call may try again.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Whether expressionSyntaxError can tell yet. */
export const expressionParserLoaded = (): boolean => acorn !== undefined;


// The source as the body of a function, as the sandbox evaluates it: `return (source\n);`, the
// newline so that a trailing `// comment` cannot swallow the closing parenthesis.
const BEFORE = 'return (';

/**
 * The parse error of a JavaScript expression, or null when it parses (or when the parser has not
 * loaded yet, see above).
 */
export function expressionSyntaxError(source: string): string | null {
  if (!source.trim()) return 'it is empty';
  if (!acorn) return null;
  try {
    acorn.parse(`${BEFORE}${source}\n);`, { ecmaVersion: 'latest', sourceType: 'script', allowReturnOutsideFunction: true });
    return null;
  } catch (error) {
    if (!(error instanceof SyntaxError)) return null;
    const at = (error as SyntaxError & { pos?: number }).pos;
    const message = error.message.replace(/\s*\(\d+:\d+\)$/, '');
    if (typeof at !== 'number') return message;
    const offset = at - BEFORE.length;
    if (offset >= source.length) return `${message}, at the end`;
    const lines = source.slice(0, Math.max(0, offset)).split('\n');
    return `${message} at line ${lines.length}, column ${lines[lines.length - 1]!.length + 1}`;
  }
}
