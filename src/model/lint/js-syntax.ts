/**
 * The parse error of a JavaScript expression, or null when it parses. The source is compiled
 * with `new Function` and never called: parsing is all this checks. An environment that forbids
 * `new Function` (a strict CSP) throws something other than a SyntaxError; that says nothing
 * about the expression, so it is not reported.
 */
export function expressionSyntaxError(source: string): string | null {
  if (!source.trim()) return 'it is empty';
  try {
    // The newline keeps a trailing `// comment` from swallowing the closing parenthesis.
    new Function(`return (${source}\n);`);
    return null;
  } catch (error) {
    return error instanceof SyntaxError ? error.message : null;
  }
}
