// YAML syntax errors in words a person can act on. The parser's own messages name its grammar
// ("Unexpected scalar at node end", "Implicit keys need to be on a single line") and say nothing of
// what to write; people write these files by hand, so each common slip — an apostrophe inside
// single quotes, a missing colon, a quote or bracket never closed — is recognised from the code and
// the line, and the message says what to write instead, with the line it is about quoted.
import type { YAMLError } from 'yaml';
import type { ImportProblem } from './yaml-bounds';
import { showLine } from './show-line';

// Shared with the TypeScript and JSON importers' messages.
export { showLine };

/** `key: 'text'` or `- 'text'` on one line: the key part and the quoted text between the first and the last quote. */
function singleQuotedValue(line: string): { before: string; inner: string; after: string } | undefined {
  const open = line.search(/(?:^|[:\-[{,]\s*)'/);
  if (open < 0) return undefined;
  const start = line.indexOf("'", open);
  const end = line.lastIndexOf("'");
  if (end <= start) return undefined;
  return { before: line.slice(0, start), inner: line.slice(start + 1, end), after: line.slice(end + 1) };
}

function apostropheInSingleQuotes(lines: readonly string[], line: number, column: number): string | undefined {
  const text = lines[line - 1] ?? '';
  // The parser stops right after the quote that ended the text early: the character before `column` is that quote.
  if (text[column - 2] !== "'" && text[column - 1] !== "'" && !text.slice(0, column).includes("'")) return undefined;
  const value = singleQuotedValue(text);
  if (!value || !value.inner.includes("'")) return undefined;
  const doubled = `${value.before}'${value.inner.replace(/''/g, "'").replace(/'/g, "''")}'${value.after}`.trim();
  const plain = value.inner.replace(/''/g, "'");
  const inDouble = `${value.before}"${plain.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"${value.after}`.trim();
  return `an apostrophe inside text in single quotes ends the text there, and the rest of the line is left over; write the apostrophe twice: ${doubled} — or put the text in double quotes: ${inDouble}`;
}

function missingColon(lines: readonly string[], line: number): string {
  const text = (lines[line - 1] ?? '').trim();
  const words = /^(- )?([A-Za-z_][\w-]*)(?:\s+(.*))?$/.exec(text);
  const example = words ? `${words[1] ?? ''}${words[2]}:${words[3] ? ` ${words[3]}` : ''}` : 'key: value';
  return `this line has no colon after its key, so YAML cannot tell the key from the value; write the key, a colon and a space, then the value: ${example}`;
}

/** The last line at or before `line` where `open` starts a value that the same line does not close. */
function unclosedOpening(lines: readonly string[], line: number, open: string, close: string): { line: number; column: number } | undefined {
  for (let at = Math.min(line, lines.length); at >= 1; at--) {
    const text = lines[at - 1];
    let depth = 0;
    let opened = -1;
    let quote: string | undefined;
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (quote) {
        if (c === quote) quote = undefined;
        continue;
      }
      if (open !== close && (c === '"' || c === "'") && /[\s:[{,-]/.test(text[i - 1] ?? ' ')) quote = c;
      else if (c === '#' && /\s/.test(text[i - 1] ?? ' ')) break;
      else if (open === close && c === open && /[\s:[{,-]/.test(text[i - 1] ?? ' ')) {
        const rest = text.slice(i + 1);
        if (!rest.includes(close)) return { line: at, column: i + 1 };
        i += rest.indexOf(close) + 1;
      } else if (c === open) {
        if (depth === 0) opened = i;
        depth++;
      } else if (c === close && depth > 0) depth--;
    }
    if (open !== close && depth > 0) return { line: at, column: opened + 1 };
  }
  return undefined;
}

function unclosedBracket(start: { line: number; column: number } | undefined, close: string, what: string): string {
  const where = start ? ` that opens on line ${start.line}, column ${start.column}` : '';
  const oneALine = close === ']' ? 'one item a line under the key ("- item")' : 'one "key: value" a line under the key, indented';
  return `the ${what}${where} is never closed; end it with ${close} on its line, or write ${oneALine} instead`;
}

/** One of the parser's errors as a problem with a position and a message that says what to write. */
export function explainYamlError(source: string, error: YAMLError): ImportProblem {
  const lines = source.split(/\r?\n/);
  const line = error.linePos?.[0].line ?? 1;
  const column = error.linePos?.[0].col ?? 1;
  // prettyErrors appends " at line L, column C:" and a source excerpt; the position is already in the fields.
  const own = error.message.split(/ at line \d+, column \d+/)[0].split('\n')[0];
  const at = (message: string, where = { line, column }) => ({ ...where, message: `${message}${showLine(lines, where.line)}` });
  if (error.code === 'UNEXPECTED_TOKEN' && /at node end/.test(own)) {
    const apostrophe = apostropheInSingleQuotes(lines, line, column);
    if (apostrophe) return at(apostrophe);
  }
  if (error.code === 'MULTILINE_IMPLICIT_KEY') return at(missingColon(lines, line));
  if (error.code === 'MISSING_CHAR') {
    const quote = /Missing closing (["'])quote/.exec(own)?.[1];
    if (quote) {
      const start = unclosedOpening(lines, line, quote, quote);
      const kind = quote === '"' ? 'double' : 'single';
      const message = `the text in ${kind} quotes${start ? ` that opens on line ${start.line}, column ${start.column}` : ''} is never closed; end it with ${quote} on the same line${quote === "'" ? ' (an apostrophe inside it is written twice: \'\')' : ''}`;
      return start ? at(message, start) : at(message);
    }
  }
  if (error.code === 'BAD_INDENT' && /end with a ([\]}])/.test(own)) {
    const close = /end with a ([\]}])/.exec(own)![1];
    const open = close === ']' ? '[' : '{';
    const start = unclosedOpening(lines, line, open, close);
    const message = unclosedBracket(start, close, close === ']' ? 'list in [ ]' : 'map in { }');
    return start ? at(message, start) : at(message);
  }
  return at(own);
}
