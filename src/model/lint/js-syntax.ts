// Whether a `when` source or an expression condition parses as JavaScript. It is parsed by acorn,
// a parser written in JavaScript: the text is never handed to the engine (`new Function` would
// compile a document's string into page code, which the page's Content-Security-Policy forbids),
// and never run. Acorn is ~35 kB gzipped, so it is a chunk of its own, loaded only when a source
// is not one of the plain expressions ./simple-expression.ts can vouch for (most agents' are):
// the CLI and the tests load it first; the problems worker lints, and if a source needed the
// parser before it had loaded (parserWanted), loads it and lints again.
import { simpleExpressionParses } from './simple-expression';

type Acorn = typeof import('acorn');

let acorn: Acorn | undefined;
let loading: Promise<void> | undefined;
let wanted = false;

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

/** Whether expressionSyntaxError can tell yet, whatever the source. */
export const expressionParserLoaded = (): boolean => acorn !== undefined;

/**
 * Whether a source was passed over for want of the parser since the last call (which resets it):
 * lint that ran without acorn then left a syntax error unsaid, if there was one.
 */
export function parserWanted(): boolean {
  const was = wanted;
  wanted = false;
  return was;
}


// The source as the body of a function, as the sandbox evaluates it: `return (source\n);`, the
// newline so that a trailing `// comment` cannot swallow the closing parenthesis.
const BEFORE = 'return (';

/**
 * The parse error of a JavaScript expression, or null when it parses (or when the parser is needed
 * and has not loaded yet, see above).
 */
export function expressionSyntaxError(source: string): string | null {
  if (!source.trim()) return 'it is empty';
  if (simpleExpressionParses(source)) return null;
  if (!acorn) {
    wanted = true;
    return null;
  }
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
