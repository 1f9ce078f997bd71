// Where a template's syntax error is. The interpreter's messages name tokens, not places
// ("Expected closing expression token. Identifier !== CloseExpression."), so the host finds the
// opener that is never closed with one linear scan of the text (it runs nothing of the template).
import { positionAt } from '../../model/text-position';

const PAIRS: Record<string, string> = { '{{': '}}', '{%': '%}', '{#': '#}' };

function lineColumn(text: string, index: number): string {
  const { line, column } = positionAt(text, index);
  return `line ${line}:${column}`;
}

/** The first `{{`, `{%` or `{#` not closed before the next opener or the end, if any. */
export function unclosedOpener(text: string): { at: string; opener: string; closer: string } | undefined {
  let i = text.search(/\{[{%#]/);
  while (i !== -1) {
    const opener = text.slice(i, i + 2);
    const closer = PAIRS[opener];
    const close = text.indexOf(closer, i + 2);
    const next = text.slice(i + 2).search(/\{[{%#]/);
    const nextAt = next === -1 ? -1 : next + i + 2;
    // Comments may hold anything; a tag or expression may not hold another opener (outside strings,
    // which prompts rarely need): an opener before the closer means this one was left open.
    if (close === -1 || (opener !== '{#' && nextAt !== -1 && nextAt < close)) return { at: lineColumn(text, i), opener, closer };
    const after = close + 2;
    const rest = text.slice(after).search(/\{[{%#]/);
    i = rest === -1 ? -1 : rest + after;
  }
  return undefined;
}

/** The interpreter's message, made readable and located where the host can locate it. */
export function describeTemplateError(text: string, message: string): string {
  const plain = message.replace(/^(Parser|Syntax|Runtime) ?Error: /i, '').trim();
  const open = unclosedOpener(text);
  if (open) return `the ${open.opener} at ${open.at} is never closed by ${open.closer} (${plain})`;
  return plain;
}
